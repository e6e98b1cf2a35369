/**
 * The handles every repository and service takes. A repository function takes `Conn` (the root
 * handle or an open transaction) and never asks which database it runs on: the few dialect
 * differences live in `db/dialect.ts` (issue 12).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** A connection or an open transaction: every repository function takes either. */
export type Conn = Kysely<DB> | Transaction<DB>;
/** An open transaction, for service functions that write several tables as one unit. */
export type Trx = Transaction<DB>;
/** The root handle, for services that open their own transaction. */
export type Db = Kysely<DB>;
