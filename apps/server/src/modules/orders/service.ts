import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { isUuid } from '@cadran/domain/uuid';
import type { Database } from '../../db/client';
import { placeOrder, type PlaceOrderInput, type PlaceOrderResult } from './place-order';
import { OrdersRepository, type StoredOrder } from './repository';

export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);

/**
 * The orders module's use cases: placing an order and reading one's own. Every read is scoped
 * to the owner: another customer's order and an unknown one look the same (undefined).
 */
export class OrdersService {
  readonly repository: OrdersRepository;

  constructor(db: Database) {
    this.repository = new OrdersRepository(db);
  }

  /** Places an order: see place-order.ts. */
  place(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    return placeOrder(this.repository, input);
  }

  findById(id: string, userId: string): Promise<StoredOrder | undefined> {
    return isUuid(id) ? this.repository.findByIdForUser(id, userId) : Promise.resolve(undefined);
  }

  findByNumber(orderNumber: string, userId: string): Promise<StoredOrder | undefined> {
    return isOrderNumber(orderNumber)
      ? this.repository.findByNumberForUser(orderNumber, userId)
      : Promise.resolve(undefined);
  }
}
