import { useEffect, type InputHTMLAttributes } from 'react';
import { get, useFormContext, useWatch } from 'react-hook-form';
import styled from 'styled-components';
import { addressFieldText as text, type ShippingAddress, SHIPPING_COUNTRIES, US_STATES } from '@pcpp/contracts/core';
import { Field, fieldAria } from '@pcpp/contracts/ui';

// `@pcpp/contracts/ui/address-fields`: the address form's fields, for the shop's purchase and checkout
// and the dashboard's profile and settings forms. Not shared (they hold no state): each remote bundles
// them into the chunk of its form, so react-hook-form comes with a form, never with a page's frame.

const Fields = styled.div`
  display: grid;
  gap: 14px;
  @media (min-width: 768px) { grid-template-columns: 1fr 1fr; > .wide { grid-column: 1 / -1; } }
`;

/** The address as the api takes it: a state only where one was chosen (a US address). */
export function tidyAddress({ region, ...address }: ShippingAddress): ShippingAddress {
  return region ? { ...address, region } : address;
}

type AddressField = 'fullName' | 'street' | 'city' | 'postalCode' | 'country' | 'region' | 'phone';

/**
 * The structured shipping address's fields (shippingAddressSchema), inside a react-hook-form
 * FormProvider: the checkout's form and My Profile's, one address book. `namePrefix` places them in
 * a larger form ('shippingAddress.'). A US address asks for its state from a list; elsewhere there
 * is none to give, and a state left from the US is dropped. `withPhone={false}` leaves the phone to
 * the larger form (My Profile's Number is the address's phone).
 */
export function AddressFields({ idPrefix, namePrefix = '', withPhone = true }: { idPrefix: string; namePrefix?: string; withPhone?: boolean }) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = useFormContext();
  const name = (field: AddressField) => `${namePrefix}${field}`;
  const country: unknown = useWatch({ control, name: name('country') });
  useEffect(() => {
    if (country !== 'US') setValue(`${namePrefix}region`, undefined);
  }, [country, namePrefix, setValue]);
  const error = (field: AddressField): string | undefined => (get(errors, name(field)) as { message?: string } | undefined)?.message;
  const id = (field: AddressField) => `${idPrefix}-${field}`;

  const input = (field: AddressField, label: string, attributes: InputHTMLAttributes<HTMLInputElement>, wide = false) => (
    <div className={wide ? 'wide' : undefined}>
      <Field id={id(field)} label={label} error={error(field)}>
        <input id={id(field)} {...attributes} {...fieldAria(id(field), error(field))} {...register(name(field))} />
      </Field>
    </div>
  );
  return (
    <Fields>
      {input('fullName', text.fullName, { type: 'text', autoComplete: 'name' }, true)}
      {input('street', text.street, { type: 'text', autoComplete: 'street-address' }, true)}
      {input('city', text.city, { type: 'text', autoComplete: 'address-level2' })}
      {input('postalCode', text.postalCode, { type: 'text', autoComplete: 'postal-code' })}
      <div>
        <Field id={id('country')} label={text.country} error={error('country')}>
          <select id={id('country')} autoComplete="country" {...fieldAria(id('country'), error('country'))} {...register(name('country'))}>
            {SHIPPING_COUNTRIES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {country === 'US' && (
        <div>
          <Field id={id('region')} label={text.state} error={error('region')}>
            <select id={id('region')} autoComplete="address-level1" {...fieldAria(id('region'), error('region'))} {...register(name('region'))}>
              <option value="">{text.chooseState}</option>
              {US_STATES.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      {withPhone && input('phone', text.phone, { type: 'tel', autoComplete: 'tel' })}
    </Fields>
  );
}
