/**
 * The composition root of the order kinds (decision 025): every kind the server sells, one line
 * each. Imported for its effect by app.ts (so the server, the bench and every test app have them
 * before the order routes are built) and by the test setup (tests/services run without an app).
 * A new kind is its file plus one line here.
 */
import { registerOrderKind } from './modules/orders/kinds/registry.ts';
import { courseOrderKind } from './modules/orders/kinds/course.ts';
import { chapterOrderKind } from './modules/orders/kinds/chapter.ts';
import { columnOrderKind } from './modules/orders/kinds/column.ts';
import { liveOrderKind } from './modules/orders/kinds/live.ts';
import { membershipOrderKind } from './modules/memberships/order-kind.ts';
import { cashbackOrderKind, groupOrderKind, inviteOrderKind } from './modules/activities/order-kinds.ts';

registerOrderKind(courseOrderKind); // sign-up kinds 1 (course) and 5 (early-bird)
registerOrderKind(chapterOrderKind); // 2
registerOrderKind(columnOrderKind); // 3
registerOrderKind(liveOrderKind); // 6
registerOrderKind(membershipOrderKind); // 7 (ours)
registerOrderKind(inviteOrderKind); // order type 2
registerOrderKind(groupOrderKind); // order type 3
registerOrderKind(cashbackOrderKind); // order type 4, sign-up kind 4 (rebate)
