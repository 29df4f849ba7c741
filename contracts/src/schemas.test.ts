import { validationMessages } from './messages';
import { isValidEmail, loginSchema, newPasswordSchema, passwordResetRequestSchema, reviewInputSchema, signupSchema } from './schemas';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe('email rule', () => {
  it.each(['john123@gmail.com', 'admin@pcparts.dev', 'a1@shop.io'])('accepts what the spec accepts: %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['john.doe@gmail.com', 'a+shop@mail.co.uk', 'x@shop.store', 'Mary-Ann@Example.org'])(
    'accepts real addresses the spec would refuse: %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each(['plainaddress', 'a@b', '@gmail.com', 'john@.com', 'john..doe@gmail.com', 'john@gmail.c', 'a b@c.com'])(
    'refuses what is not an address: %s',
    (email) => expect(isValidEmail(email)).toBe(false),
  );
});

describe('login and signup schemas carry the spec messages', () => {
  it('requires the email and the password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'secret1' }))).toBe(validationMessages.emailRequired);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.com', password: '' }))).toBe(validationMessages.passwordRequired);
  });

  it('says the exact words for a bad email and a short password', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'nope', password: 'secret1' }))).toBe('provide a valid email address');
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.com', password: '12345' }))).toBe('must be 6 characters or longer');
  });

  it.each([' '.repeat(6), '\t \n   ', '   '])('refuses a password of blanks alone: %j', (password) => {
    expect(firstMessage(signupSchema.safeParse({ name: 'Ada', email: 'a@b.com', password }))).toBe(validationMessages.passwordBlank);
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.com', password }))).toBe('Password cannot be only spaces');
  });

  it('keeps spaces inside or around a real password as they are', () => {
    expect(signupSchema.parse({ name: 'Ada', email: 'a@b.com', password: ' my pass ' }).password).toBe(' my pass ');
  });

  it('requires a name to sign up', () => {
    const result = signupSchema.safeParse({ name: '  ', email: 'a@b.com', password: 'secret1' });
    expect(firstMessage(result)).toBe('name is required');
  });
});

describe('forgot password and the new password from a reset link', () => {
  it("checks the email with Login's rule and messages", () => {
    expect(firstMessage(passwordResetRequestSchema.safeParse({ email: '' }))).toBe('email is required');
    expect(firstMessage(passwordResetRequestSchema.safeParse({ email: 'not-an-address' }))).toBe('provide a valid email address');
    expect(passwordResetRequestSchema.parse({ email: '  john.doe@gmail.com ' })).toEqual({ email: 'john.doe@gmail.com' });
  });

  it("asks nothing but the email: Login's password is not required", () => {
    expect(passwordResetRequestSchema.safeParse({ email: 'a@b.com' }).success).toBe(true);
  });

  it("holds the new password to Sign Up's rule", () => {
    expect(firstMessage(newPasswordSchema.safeParse({ password: '' }))).toBe('Password is required');
    expect(firstMessage(newPasswordSchema.safeParse({ password: '12345' }))).toBe('must be 6 characters or longer');
    expect(newPasswordSchema.safeParse({ password: '123456' }).success).toBe(true);
  });
});

describe('review input', () => {
  it('turns the select value into a whole number and trims the text', () => {
    expect(reviewInputSchema.parse({ ratings: '4', review: '  Fast delivery.  ' })).toEqual({ ratings: 4, review: 'Fast delivery.' });
  });

  it.each(['6', '-1', 'abc', '2.5'])('refuses ratings %s', (ratings) => {
    expect(reviewInputSchema.safeParse({ ratings, review: 'ok' }).success).toBe(false);
  });

  it('requires both fields with the spec messages', () => {
    expect(firstMessage(reviewInputSchema.safeParse({ ratings: '', review: 'ok' }))).toBe('ratings is required');
    expect(firstMessage(reviewInputSchema.safeParse({ ratings: '3', review: '   ' }))).toBe('review is required');
  });
});
