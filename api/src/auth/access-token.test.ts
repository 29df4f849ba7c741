import { SignJWT } from 'jose';
import { createAccessTokens } from './access-token';
import { unsignedJwt } from '../../test/helpers';

const SECRET = 's'.repeat(32);
const claims = { sub: '0123456789abcdef01234567', uid: 'firebase-uid-1', email: 'a@example.com', role: 'customer' as const };

describe('access tokens', () => {
  const tokens = createAccessTokens(SECRET);

  it('round-trips the claims and expires within an hour', async () => {
    const token = await tokens.sign(claims);
    // Verified, it also says when it was issued (a token from before the sessions ended is refused).
    expect(await tokens.verify(token)).toEqual({ ...claims, issuedAt: expect.any(Number) });
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBeLessThanOrEqual(3600);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
  });

  it('rejects another secret, an expired token and alg none', async () => {
    await expect(createAccessTokens('t'.repeat(32)).verify(await tokens.sign(claims))).rejects.toThrow();
    await expect(tokens.verify(await createAccessTokens(SECRET, -10).sign(claims))).rejects.toThrow();
    const now = Math.floor(Date.now() / 1000);
    const none = unsignedJwt({ ...claims, iss: 'pcpp-api', aud: 'pcpp-web', iat: now, exp: now + 60 });
    await expect(tokens.verify(none)).rejects.toThrow();
  });

  it('rejects a well-signed token without a valid role', async () => {
    const forged = await new SignJWT({ email: 'a@example.com', role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setIssuer('pcpp-api')
      .setAudience('pcpp-web')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    await expect(tokens.verify(forged)).rejects.toThrow();
  });
});
