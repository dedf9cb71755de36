import { expect, test } from 'vitest';
import type { StoredUser, UiSessionRecord } from '../../src/domain/users.js';
import type { Stores } from '../../src/storage/stores.js';
import { seedMerchant } from '../helpers/store-seeds.js';
import { describeEachStore } from '../helpers/stores.js';

const user = (id: string, name: string, over: Partial<StoredUser> = {}): StoredUser & { nameKey: string } => ({
  id, merchantId: 'm_1', name, nameKey: name.toLowerCase(), role: 'cashier', pinHash: `scrypt$${id}`, createdAt: 10, disabledAt: null, ...over,
});
const withoutKey = ({ nameKey: _k, ...u }: StoredUser & { nameKey: string }): StoredUser => u;

const signIn = (id: string, userId: string, over: Partial<UiSessionRecord> = {}): UiSessionRecord & { tokenHash: string } => ({
  id, userId, tokenHash: `hash_${id}`, createdAt: 100, lastUsedAt: 100, expiresAt: 1_000, endedAt: null, livemode: null, ...over,
});
const record = ({ tokenHash: _h, ...s }: UiSessionRecord & { tokenHash: string }): UiSessionRecord => s;

/** The user port (ports.ts, UserStore): staff users and their UI sign-in sessions. */
describeEachStore('user store', (open) => {
  async function ready(): Promise<Stores> {
    const s = await open();
    await seedMerchant(s, 'm_1');
    await seedMerchant(s, 'm_2');
    return s;
  }

  test('users: every field, the active ones oldest first, found by name key and id, owners counted', async () => {
    const s = await ready();
    const owner = user('us_1', 'Ana', { role: 'owner', createdAt: 5 });
    const cashier = user('us_2', 'Bo');
    const other = user('us_3', 'Cy', { merchantId: 'm_2', role: 'owner' });
    for (const u of [cashier, owner, other]) await s.users.insert(u);
    expect(await s.users.listActive('m_1')).toEqual([withoutKey(owner), withoutKey(cashier)]);
    expect(await s.users.findActiveByNameKey('m_1', 'ana')).toEqual(withoutKey(owner));
    expect(await s.users.findActiveByNameKey('m_2', 'ana')).toBeUndefined();
    expect(await s.users.findActiveById('m_1', 'us_2')).toEqual(withoutKey(cashier));
    expect(await s.users.findActiveById('m_2', 'us_2')).toBeUndefined();
    expect(await s.users.countActiveOwners('m_1')).toBe(1);
    expect(await s.users.countActiveOwners('m_2')).toBe(1);

    await s.users.setPinHash('us_2', 'scrypt$new');
    expect((await s.users.findActiveById('m_1', 'us_2'))?.pinHash).toBe('scrypt$new');
  });

  test('a removed user is no longer active, their sessions end, and their name can be used again', async () => {
    const s = await ready();
    await s.users.insert(user('us_1', 'Ana', { role: 'owner' }));
    await s.users.insertSession(signIn('ui_1', 'us_1'));
    await s.users.disable('us_1', 500);
    await s.users.disable('us_1', 600);
    expect(await s.users.listActive('m_1')).toEqual([]);
    expect(await s.users.findActiveById('m_1', 'us_1')).toBeUndefined();
    expect(await s.users.countActiveOwners('m_1')).toBe(0);
    expect(await s.users.findOpenSession('hash_ui_1')).toBeUndefined();
    await s.users.insert(user('us_2', 'Ana'));
    expect((await s.users.findActiveByNameKey('m_1', 'ana'))?.id).toBe('us_2');
    // Two active users cannot share a name key.
    await expect(s.users.insert(user('us_3', 'ANA'))).rejects.toThrow();
  });

  test('sign-in sessions: open with their user, touched, switched mode, ended once', async () => {
    const s = await ready();
    const ana = user('us_1', 'Ana');
    await s.users.insert(ana);
    const first = signIn('ui_1', 'us_1');
    await s.users.insertSession(first);
    await s.users.insertSession(signIn('ui_2', 'us_1', { livemode: true }));
    expect(await s.users.findOpenSession('hash_ui_1')).toEqual({ session: record(first), user: withoutKey(ana) });
    expect((await s.users.findOpenSession('hash_ui_2'))?.session.livemode).toBe(true);
    expect(await s.users.findOpenSession('hash_none')).toBeUndefined();

    await s.users.touchSession('ui_1', 300, 2_000);
    await s.users.setSessionMode('ui_1', false);
    expect((await s.users.findOpenSession('hash_ui_1'))?.session).toEqual({ ...record(first), lastUsedAt: 300, expiresAt: 2_000, livemode: false });

    await s.users.endSession('ui_1', 400);
    expect(await s.users.findOpenSession('hash_ui_1')).toBeUndefined();
    expect(await s.users.findOpenSession('hash_ui_2')).toBeDefined();
  });

  test('ending a user\'s sessions keeps the one named, and only that user\'s', async () => {
    const s = await ready();
    await s.users.insert(user('us_1', 'Ana'));
    await s.users.insert(user('us_2', 'Bo'));
    for (const id of ['ui_1', 'ui_2', 'ui_3']) await s.users.insertSession(signIn(id, 'us_1'));
    await s.users.insertSession(signIn('ui_4', 'us_2'));
    await s.users.endSessionsOf('us_1', 700, 'ui_2');
    const open = async () => (await Promise.all(['ui_1', 'ui_2', 'ui_3', 'ui_4'].map((id) => s.users.findOpenSession(`hash_${id}`)))).map((f) => f?.session.id);
    expect(await open()).toEqual([undefined, 'ui_2', undefined, 'ui_4']);
    await s.users.endSessionsOf('us_1', 800);
    expect(await open()).toEqual([undefined, undefined, undefined, 'ui_4']);
  });
});
