import { nameIn } from '../../../contracts/campaigns';
import type { TaxonomyItem } from '../../../machines/admin/taxonomy-list.machine';

/** A category's or tag's name in the interface's language (its translation, else the Portuguese name). */
export const localName = (item: Pick<TaxonomyItem, 'name' | 'name_en' | 'name_es'>, locale: string): string =>
  nameIn(locale, item.name, { en: item.name_en, es: item.name_es });

/** Categories or tags as the options of a select, named in the interface's language. */
export const taxonomyOptions = (items: ReadonlyArray<Pick<TaxonomyItem, 'slug' | 'name' | 'name_en' | 'name_es'>>, locale: string) =>
  items.map((item) => ({ value: item.slug, label: localName(item, locale) }));
