import type { FieldValues, Resolver } from 'react-hook-form';
import type * as FormResolvers from './form-resolvers';

type FormResolverName = keyof typeof FormResolvers;

let loading: Promise<typeof FormResolvers> | null = null;

function formResolvers(): Promise<typeof FormResolvers> {
  loading ??= import(/* webpackChunkName: "form-resolvers" */ './form-resolvers');
  // A chunk that failed to arrive may arrive at the next check.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Starts loading the forms' checks ahead of the first one (the person has turned to a form). */
export function preloadFormResolvers(): void {
  formResolvers().catch((error: unknown) => console.warn('Could not load the form checks', error));
}

/**
 * A form's resolver that loads its schema (and zod) at the form's first check, not with the page:
 * react-hook-form awaits a resolver anyway, so the form behaves the same.
 */
export function lazyResolver<Values extends FieldValues>(name: FormResolverName): Resolver<Values> {
  return async (values, context, options) => {
    const resolver = (await formResolvers())[name] as unknown as Resolver<Values>;
    return resolver(values, context, options);
  };
}
