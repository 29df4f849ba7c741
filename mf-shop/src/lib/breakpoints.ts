/** The storefront's two breakpoints: one column below medium, two from medium, three from large. */
export const media = {
  medium: '@media (min-width: 768px)',
  large: '@media (min-width: 1024px)',
} as const;
