/**
 * The order-kind registry (issue 12, decision 025). An order kind is one object that says which
 * orders are its own, prices and validates a new one (its draft), shows the sign-up page's quote,
 * and writes and revokes the grants of a paid and a refunded order. The checkout route, the
 * quote route, the pay notification (`fulfilPayment`), reconciliation and the refund paths know
 * only this registry: adding a kind is its file plus one `registerOrderKind` line in the
 * composition root (src/order-kinds.ts), never a change here or in those paths.
 *
 * Kinds are registered once at start-up, before the app's routes are built (a kind's checkout
 * route is made from its `checkoutPath` when the order routes register). `resolve` of an order no
 * kind claims throws: a paid order is never left without its grant silently.
 */
import type { OrderQuote } from '@jinfa/shared';
import type { Conn, Db } from '../../../db/conn.ts';
import type { OrderRow, UserRow } from '../../../db/schema.ts';
import type { CourseRowCard } from '../../courses/course-card-repository.ts';

/** What a new order is for and costs: every kind's draft answers one, and `placeOrder` writes it. */
export interface OrderDraft {
  type: number;
  kind: number;
  /** Keys the one-pending-order guard with user and kind. */
  targetId: number;
  courseId: number | null;
  chapterId: number | null;
  columnId: number | null;
  amountFen: number;
  description: string;
  /** The course row of the course's card, read with the rules (whole-course kinds): presenting the order reads no course again. */
  courseRow?: CourseRowCard;
}

/** What the sign-up page shows whatever the rules say; the draft then decides price and code. */
export type QuoteView = Omit<OrderQuote, 'price' | 'priceYuan' | 'code' | 'message' | 'owned'> & { listPrice: number };

export interface OrderKind {
  /** Unique; names the kind in errors and in the registry's own checks. */
  readonly name: string;
  /** Orders whose sign-up kind (`orders.kind`) is one of these are this kind's, unless another kind claims their type. */
  readonly signupKinds?: readonly number[];
  /** Orders whose type (`orders.type`) is one of these are this kind's, whatever their sign-up kind (activity orders). */
  readonly orderTypes?: readonly number[];
  /**
   * Price and rules of a new order for `targetId`, in the order a learner should hear them:
   * throws the rule's code (AppError) or answers the draft. Kinds ordered through a flow of
   * their own (an invitation link, a group) keep their drafts beside that flow.
   */
  draft?(db: Db, user: UserRow, targetId: number, now: number): Promise<OrderDraft>;
  /** `POST /v1{checkoutPath}` places the caller's pending order through `draft`; the path's one `:param` is the target id. */
  readonly checkoutPath?: string;
  /** `GET /v1/orders/quote/{target}/{id}`: the sign-up page's view; price and code come from `draft` run dry. */
  readonly quote?: { target: string; view(db: Db, user: UserRow, targetId: number, now: number): Promise<QuoteView> };
  /**
   * Writes what the paid `order` grants. Runs INSIDE the transaction whose conditional
   * pending → paid update won, once per order; idempotent all the same (on conflict nothing).
   */
  fulfil(trx: Conn, order: OrderRow, now: number): Promise<unknown>;
  /** Takes back what `order` granted, inside the transaction whose paid → refunded update won. What either answers is ignored. */
  refund(trx: Conn, order: OrderRow, now: number): Promise<unknown>;
}

/** An order no registered kind claims: a deployment without the kind's registration line. */
export class UnknownOrderKindError extends Error {
  constructor(what: string) {
    super(`no order kind registered for ${what} (src/order-kinds.ts registers them)`);
    this.name = 'UnknownOrderKindError';
  }
}

export class OrderKindRegistry {
  private readonly kinds: OrderKind[] = [];
  private readonly bySignupKind = new Map<number, OrderKind>();
  private readonly byOrderType = new Map<number, OrderKind>();
  private readonly byQuoteTarget = new Map<string, OrderKind>();

  /** Adds a kind; a second claim on a name, sign-up kind, order type, quote target or checkout path throws. */
  register(kind: OrderKind): void {
    const clash = (what: string, owner: OrderKind | undefined) => {
      if (owner) throw new Error(`order kind ${kind.name}: ${what} is already ${owner.name}'s`);
    };
    clash(`the name ${kind.name}`, this.kinds.find((k) => k.name === kind.name));
    for (const n of kind.signupKinds ?? []) clash(`sign-up kind ${n}`, this.bySignupKind.get(n));
    for (const n of kind.orderTypes ?? []) clash(`order type ${n}`, this.byOrderType.get(n));
    if (kind.quote) clash(`quote target ${kind.quote.target}`, this.byQuoteTarget.get(kind.quote.target));
    if (kind.checkoutPath) clash(`checkout path ${kind.checkoutPath}`, this.kinds.find((k) => k.checkoutPath === kind.checkoutPath));
    if (kind.checkoutPath && !kind.draft) throw new Error(`order kind ${kind.name}: a checkout path needs a draft`);
    if (!kind.signupKinds?.length && !kind.orderTypes?.length) throw new Error(`order kind ${kind.name} claims no orders`);

    this.kinds.push(kind);
    for (const n of kind.signupKinds ?? []) this.bySignupKind.set(n, kind);
    for (const n of kind.orderTypes ?? []) this.byOrderType.set(n, kind);
    if (kind.quote) this.byQuoteTarget.set(kind.quote.target, kind);
  }

  /** The kind of an existing order: its type's kind first (activity orders), else its sign-up kind's. Throws when none. */
  resolve(order: Pick<OrderRow, 'id' | 'kind' | 'type'>): OrderKind {
    const kind = this.byOrderType.get(order.type) ?? this.bySignupKind.get(order.kind);
    if (!kind) throw new UnknownOrderKindError(`order ${order.id} (sign-up kind ${order.kind}, type ${order.type})`);
    return kind;
  }

  /** The kind behind `GET /v1/orders/quote/{target}/…`, if any. */
  forQuote(target: string): OrderKind | undefined {
    return this.byQuoteTarget.get(target);
  }

  /** Every registered kind, in registration order. */
  all(): readonly OrderKind[] {
    return this.kinds;
  }
}

/** The process's registry, filled by src/order-kinds.ts (imported by app.ts and the test setup). */
export const orderKinds = new OrderKindRegistry();

export function registerOrderKind(kind: OrderKind): void {
  orderKinds.register(kind);
}
