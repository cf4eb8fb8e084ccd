// The table block is shared by the three applications (components/table); the back office's
// names for it stay.
export {
  columnsFor,
  tableBlockFeatures as adminTableFeatures,
  type TableBlockFeatures as AdminTableFeatures,
  type TableColumn as AdminColumn,
} from '@/components/table/table-features';
