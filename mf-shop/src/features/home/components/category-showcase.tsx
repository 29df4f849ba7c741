import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { CATEGORIES, type Category } from '@pcpp/contracts/core';
import cpuCooler from '../../../assets/categories/cpu-cooler.svg';
import memory from '../../../assets/categories/memory.svg';
import motherboard from '../../../assets/categories/motherboard.svg';
import powerSupplies from '../../../assets/categories/power-supplies.svg';
import storage from '../../../assets/categories/storage.svg';
import videoCard from '../../../assets/categories/video-card.svg';
import { BELOW_THE_FOLD_PICTURE } from '../../../lib/below-the-fold';
import { media } from '../../../lib/breakpoints';
import { catalogHref } from '../../../lib/catalog-url';
import { Section } from '../../../components/section';
import { cardColumn, plainList, surface } from '../../../components/surface';

/** Shipped with mf-shop, so the tiles never wait for (or lose their pictures to) a slow api. */
const categoryPictures: Readonly<Record<Category, string>> = {
  Motherboard: motherboard,
  Memory: memory,
  Storage: storage,
  'CPU Cooler': cpuCooler,
  'Power Supplies': powerSupplies,
  'Video Card': videoCard,
};

const Cards = styled.ul`
  ${plainList}
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  ${media.medium} { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 20px; }
  ${media.large} { grid-template-columns: repeat(6, minmax(0, 1fr)); }
`;

const CategoryLink = styled(Link)`
  ${cardColumn}
  ${surface}
  overflow: hidden;
  color: var(--color-ink);
  text-decoration: none;
  transition: transform 0.15s ease, box-shadow 0.15s ease;
  img { width: 100%; height: auto; aspect-ratio: 1; padding: 8px 8px 0; object-fit: contain; }
  span { padding: 10px 12px 14px; font-weight: 700; text-align: center; }
  &:hover { transform: translateY(-3px); box-shadow: 0 10px 24px rgb(15 23 42 / 0.15); }
  &:hover span { color: var(--color-primary); }
  @media (prefers-reduced-motion: reduce) { transition: none; &:hover { transform: none; } }
`;

/** The six categories, each with its picture, each opening the catalog filtered to it. */
export function CategoryShowcase() {
  return (
    <Section
      id="categories"
      title="The Products We Manufacture"
      intro="Six product lines, designed, tested and built in our own factory."
    >
      <Cards>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <CategoryLink to={catalogHref({ category })}>
              <img src={categoryPictures[category]} alt="" width={200} height={200} {...BELOW_THE_FOLD_PICTURE} />
              <span>{category}</span>
            </CategoryLink>
          </li>
        ))}
      </Cards>
    </Section>
  );
}
