import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, ErrorCodes, errorMessage, isSilentCode, lookupError, SILENT_CODES, SUPPORT_PHONE } from '../src/errors.ts';
import { CONSOLE_ERROR_CATALOGUE, ConsoleErrorCodes } from '../src/console-errors.ts';

// Every code spec §8 names, in its tables and its silent list.
const SPEC_MESSAGE_CODES = [-1796, -1797, -45093, -1365, -45092, -1368, -1284, -1285, -1283, -1366, 262145, 262146, 262147, 262148, 262149, -1281, -45061, -45120, -45063, -41230, -45075, -1064, -50000, -1058];
const SPEC_SILENT_CODES = [-1296, -1283, -1345, -1348, -1334, -1335, -1336, -1337, -1793, -1376, -1056, -1076, -1048, -1049, -1027, -1078, -1079, -1080, -1025, -45107, -1332, -1289];

describe('error catalogue', () => {
  it('holds every code of spec §8 with a Chinese message', () => {
    for (const code of [...SPEC_MESSAGE_CODES, ...SPEC_SILENT_CODES]) {
      const entry = lookupError(code);
      expect(entry, `code ${code}`).toBeDefined();
      expect(entry!.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('marks exactly the spec silent list (plus our login-required and background tracking codes) as silent', () => {
    for (const code of SPEC_SILENT_CODES) expect(isSilentCode(code), `code ${code}`).toBe(true);
    for (const code of SPEC_MESSAGE_CODES.filter((c) => c !== -1283)) expect(isSilentCode(code), `code ${code}`).toBe(false);
    const ours = [...SILENT_CODES].filter((c) => !SPEC_SILENT_CODES.includes(c));
    // Tracking uploads run in the background: their refusals must never pop up in front of a learner.
    const tracking = [ErrorCodes.TRACKING_APP_UNKNOWN, ErrorCodes.TRACKING_BATCH_TOO_LARGE];
    expect(ours.sort()).toEqual([ErrorCodes.LOGIN_REQUIRED, ErrorCodes.TOKEN_INVALID, ...tracking].sort());
  });

  it('links the profile review codes to the profile page', () => {
    expect(lookupError(262148)?.link?.href).toBe('/userCenter/myInfo');
    expect(lookupError(262149)?.link?.href).toBe('/userCenter/myInfo');
  });

  it('fills the support phone into messages that show it', () => {
    expect(errorMessage(-1797)).toContain(SUPPORT_PHONE);
    expect(errorMessage(-50000, '400-000-0000')).toContain('400-000-0000');
  });

  it('gives a generic message for unknown codes', () => {
    expect(errorMessage(123456)).toBe('服务器异常，请稍后再试');
  });

  it('keeps our own codes out of the spec ranges', () => {
    const ours = Object.keys(ERROR_CATALOGUE).map(Number).filter((c) => c <= -10000 && c > -11000);
    expect(ours.length).toBeGreaterThan(10);
    for (const c of ours) expect([...SPEC_MESSAGE_CODES, ...SPEC_SILENT_CODES]).not.toContain(c);
  });
});

describe('console error catalogue', () => {
  it('names only codes of its own catalogue, in -10800..-10899, none shared with the learner catalogue', () => {
    for (const code of Object.values(ConsoleErrorCodes)) expect(CONSOLE_ERROR_CATALOGUE[code].message).toMatch(/[\u4e00-\u9fff]/);
    for (const code of Object.keys(CONSOLE_ERROR_CATALOGUE).map(Number)) {
      expect(code).toBeGreaterThanOrEqual(-10899);
      expect(code).toBeLessThanOrEqual(-10800);
      expect(lookupError(code)).toBeUndefined();
    }
    expect(Object.values(ErrorCodes).filter((c) => c <= -10800 && c >= -10899)).toEqual([]);
  });
});
