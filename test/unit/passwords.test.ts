import bcrypt from 'bcryptjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setFunctionEnv } from './function-env.js';

/** The chassis' configuration (functions/lib/chassis/config.ts) with BCRYPT_COST as given; read afresh by each import. */
async function passwordsAt(cost: string | undefined) {
  setFunctionEnv();
  if (cost === undefined) delete process.env.BCRYPT_COST;
  else process.env.BCRYPT_COST = cost;
  return import('../../functions/lib/auth/passwords.js');
}

beforeEach(() => {
  vi.resetModules();
});

describe("bcrypt's cost (issue 22 §1)", () => {
  it("hashes at production's cost, 10, unless BCRYPT_COST is set; the unknown user's hash is a constant at 10", async () => {
    const passwords = await passwordsAt(undefined);
    expect(bcrypt.getRounds(await passwords.hashPassword('a password'))).toBe(10);
    const dummy = await passwords.dummyHash();
    expect(bcrypt.getRounds(dummy)).toBe(10);
    expect(await passwords.dummyHash()).toBe(dummy);
    expect(await passwords.verifyPassword('a password', undefined)).toBe(false);
  });

  it("hashes new passwords and the unknown user's hash at the configured cost, and verifies hashes made at another", async () => {
    const passwords = await passwordsAt('4');
    const hash = await passwords.hashPassword('a password');
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(bcrypt.getRounds(await passwords.dummyHash())).toBe(4);
    expect(await passwords.verifyPassword('a password', hash)).toBe(true);
    expect(await passwords.verifyPassword('a password', '')).toBe(false);

    const atProductionCost = await (await passwordsAt(undefined)).hashPassword('a password');
    expect(await passwords.verifyPassword('a password', atProductionCost)).toBe(true);
    expect(await passwords.verifyPassword('another password', atProductionCost)).toBe(false);
  });

  it('refuses a cost bcrypt does not take, in one message naming the variable', async () => {
    for (const cost of ['3', '32', '4.5', 'ten', '']) {
      vi.resetModules();
      const passwords = await passwordsAt(cost);
      await expect(passwords.hashPassword('a password')).rejects.toThrow(
        `Invalid function configuration: BCRYPT_COST: must be a whole number from 4 to 31 (got "${cost}")`,
      );
    }
  });
});
