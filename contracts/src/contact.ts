/** How customers reach the shop: the footer, the Delivery block and the returns policy say the same. */
export const contactDetails = {
  phone: '+1 (415) 555-0134',
  email: 'support@pcpartpicker.dev',
} as const;

/** tel: link for a phone number written for people, e.g. "+1 (415) 555-0134" -> "tel:+14155550134". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}
