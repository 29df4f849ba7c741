// The sign-in forms' checks: zod and the shared schemas, in a chunk of their own that the forms load at
// their first check (lazy-resolver.ts), so the pages' first load leaves them out (issue 47).
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, passwordResetRequestSchema, signupSchema } from '@pcpp/contracts/core';

export const loginResolver = zodResolver(loginSchema);
export const signupResolver = zodResolver(signupSchema);
export const passwordResetRequestResolver = zodResolver(passwordResetRequestSchema);
