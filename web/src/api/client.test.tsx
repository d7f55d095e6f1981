import { routes } from '@shared/api';
import { authMessages } from '@shared/api/auth-messages';
import { describe, expect, it } from 'vitest';
import { peekNotice, storedToken, storeSession } from '../session/storage';
import { failure, on, stubApi } from '../testing/api';
import { aUser } from '../testing/fixtures';
import { ApiError, api } from './client';

/** SPEC §4 'Session': a 401 for the signed-in session ends it once, with the notice its flags call for. */
describe('a 401 from a route that needs a session', () => {
  const terminated = failure(401, 'Your session has expired. Please log in again.', { sessionInvalidated: true });

  it('ends the session it was sent with and stores the notice for the login screen', async () => {
    storeSession('the-token', aUser());
    stubApi(on(routes.me, terminated));
    await expect(api(routes.me)).rejects.toBeInstanceOf(ApiError);
    expect(storedToken()).toBeNull();
    expect(peekNotice('sessionMessage')).toBe(authMessages.sessionTerminated);
  });

  it('called with no session (one already ended), is not sent, fails as the server would, and stores no notice again', async () => {
    const stubbed = stubApi(on(routes.me, terminated));
    const refused = await api(routes.me).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, message: authMessages.sessionExpired });
    expect(stubbed.callsTo(routes.me)).toEqual([]);
    expect(peekNotice('sessionMessage')).toBeNull();
  });

  it('for a session ended since, leaves the session signed in meanwhile alone', async () => {
    storeSession('the-new-token', aUser());
    stubApi(on(routes.me, terminated));
    await expect(api(routes.me, { token: 'the-old-token' })).rejects.toBeInstanceOf(ApiError);
    expect(storedToken()).toBe('the-new-token');
    expect(peekNotice('sessionMessage')).toBeNull();
  });
});
