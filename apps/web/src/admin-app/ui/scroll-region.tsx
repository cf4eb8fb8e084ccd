// The scrolling box is shared by the three applications (components/table).
export { ScrollRegion } from '@/components/table/scroll-region';
