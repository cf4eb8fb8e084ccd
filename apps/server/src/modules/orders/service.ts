import type { QuoteRequest } from '@cadran/domain/quote';
import { ORDER_NUMBER_PATTERN } from '@cadran/domain/orders';
import { isUuid } from '@cadran/domain/uuid';
import type { ViesConfig } from '../../config';
import type { Database } from '../../db/client';
import type { CountryCode } from '@cadran/domain/countries';
import {
  ORDER_PATHS,
  placeOrder,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from './place-order';
import { listOrdersOfOwner, type OrderListEntry } from './order-list';
import { prepareTax } from './price-request';
import { PromoRepository } from './promo-repository';
import { quoteOrder, type QuoteOrderResult } from './quote-order';
import { OrdersRepository, type StoredOrder } from './repository';
import { recheckVatNumbers, type VatRecheckResult } from './vat-number-decision';
import { VatNumberVerifier } from './vat-verification';
import { ViesClient, type Fetch } from './vies-client';

export const isOrderNumber = (value: string): boolean => ORDER_NUMBER_PATTERN.test(value);

/**
 * The orders module's use cases: pricing a cart (quote), placing an order, reading one's own,
 * and the promo codes the prices use. Every read of an order is scoped to the owner: another
 * customer's order and an unknown one look the same (undefined).
 */
export class OrdersService {
  readonly repository: OrdersRepository;
  readonly promos: PromoRepository;
  private readonly vat: VatNumberVerifier;

  constructor(
    private readonly db: Database,
    vies: ViesConfig,
    fetchImpl?: Fetch,
  ) {
    this.repository = new OrdersRepository(db);
    this.promos = new PromoRepository(db);
    this.vat = new VatNumberVerifier(db, new ViesClient(vies, fetchImpl));
  }

  private get pricing() {
    return { orders: this.repository, promos: this.promos, vat: this.vat };
  }

  /** Prices a cart as the order would be priced: see quote-order.ts. */
  quote(request: QuoteRequest, userId: string | null): Promise<QuoteOrderResult> {
    return quoteOrder(this.pricing, request, userId);
  }

  /** Asks VIES again about numbers it could not check at the sale: see vat-number-decision.ts. */
  recheckVatNumbers(now: Date): Promise<VatRecheckResult> {
    return recheckVatNumbers({ db: this.db, vat: this.vat }, now);
  }

  /** Places an order: see place-order.ts. */
  place(input: PlaceOrderInput): Promise<PlaceOrderResult> {
    return placeOrder({ ...this.pricing, db: this.db }, input);
  }

  /**
   * The tax treatment of a billing country and VAT number, as an order would get it; a number
   * VIES no longer knows is priced as if none were given (the buyer pays the VAT).
   */
  async taxTreatment(country: CountryCode, vatNumber: string) {
    const checked = await prepareTax(this.pricing, country, vatNumber, ORDER_PATHS);
    if (checked.ok) return checked.prepared;
    const without = await prepareTax(this.pricing, country, '', ORDER_PATHS);
    if (!without.ok) throw new Error('a tax treatment without VAT number cannot be refused');
    return without.prepared;
  }

  findById(id: string, userId: string): Promise<StoredOrder | undefined> {
    return isUuid(id) ? this.repository.findByIdForUser(id, userId) : Promise.resolve(undefined);
  }

  /** A page of the account's orders, newest first: see order-list.ts. */
  listOwned(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ entries: OrderListEntry[]; total: number }> {
    return listOrdersOfOwner(this.db, userId, page);
  }

  findByNumber(orderNumber: string, userId: string): Promise<StoredOrder | undefined> {
    return isOrderNumber(orderNumber)
      ? this.repository.findByNumberForUser(orderNumber, userId)
      : Promise.resolve(undefined);
  }
}
