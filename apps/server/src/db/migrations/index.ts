/** Numbered migrations, registered in code so both dialects run the same set in the same order. */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './helpers.ts';
import * as m001 from './001-initial.ts';
import * as m002 from './002-users-auth.ts';
import * as m003 from './003-catalogue.ts';
import * as m004 from './004-columns-lives-learning.ts';
import * as m005 from './005-app-meta.ts';
import * as m006 from './006-tracking.ts';
import * as m007 from './007-shares.ts';
import * as m008 from './008-tracking-rollups.ts';
import * as m009 from './009-orders.ts';
import * as m010 from './010-memberships.ts';
import * as m011 from './011-order-kinds.ts';
import * as m012 from './012-activity-orders.ts';
import * as m013 from './013-media.ts';
import * as m014 from './014-listen-records.ts';
import * as m015 from './015-refunds.ts';
import * as m016 from './016-play-sessions.ts';
import * as m017 from './017-one-time-codes.ts';
import * as m018 from './018-email-verification.ts';
import * as m019 from './019-invites-pay-anomalies.ts';
import * as m020 from './020-health-probe.ts';
import * as m022 from './022-read-indexes.ts';
import * as m025 from './025-user-list-counts.ts';
import * as m026 from './026-console.ts';
import * as m027 from './027-console-reads.ts';
import * as m028 from './028-console-people.ts';
import * as m029 from './029-media-uploads.ts';
import * as m030 from './030-console-discovery.ts';
import * as m031 from './031-console-membership-grants.ts';

export interface NumberedMigration {
  name: string;
  up: (db: Kysely<unknown>, ctx: MigrationContext) => Promise<void>;
}

export const migrations: readonly NumberedMigration[] = [
  { name: '001-initial', up: m001.up },
  { name: '002-users-auth', up: m002.up },
  { name: '003-catalogue', up: m003.up },
  { name: '004-columns-lives-learning', up: m004.up },
  { name: '005-app-meta', up: m005.up },
  { name: '006-tracking', up: m006.up },
  { name: '007-shares', up: m007.up },
  { name: '008-tracking-rollups', up: m008.up },
  { name: '009-orders', up: m009.up },
  { name: '010-memberships', up: m010.up },
  { name: '011-order-kinds', up: m011.up },
  { name: '012-activity-orders', up: m012.up },
  { name: '013-media', up: m013.up },
  { name: '014-listen-records', up: m014.up },
  { name: '015-refunds', up: m015.up },
  { name: '016-play-sessions', up: m016.up },
  { name: '017-one-time-codes', up: m017.up },
  { name: '018-email-verification', up: m018.up },
  { name: '019-invites-pay-anomalies', up: m019.up },
  { name: '020-health-probe', up: m020.up },
  { name: '022-read-indexes', up: m022.up },
  { name: '025-user-list-counts', up: m025.up },
  { name: '026-console', up: m026.up },
  { name: '027-console-reads', up: m027.up },
  { name: '028-console-people', up: m028.up },
  { name: '029-media-uploads', up: m029.up },
  { name: '030-console-discovery', up: m030.up },
  { name: '031-console-membership-grants', up: m031.up },
];
