import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import {
  CAMPAIGN_ORGANISER_MAX,
  CAMPAIGN_SHARE_DESCRIPTION_MAX,
  CAMPAIGN_SHARE_TITLE_MAX,
  CAMPAIGN_SUMMARY_MAX,
  CAMPAIGN_TITLE_MAX,
} from '../../../../contracts/admin-campaign-editor';
import { centsToReaisText, reaisToCents } from '../../../lib/money';
import { Checkbox, DateField, FormSection, Select, TextArea, TextField } from '../../../ui';
import type { TaxonomyItem } from '../../../../machines/admin/taxonomy-list.machine';
import { localName, taxonomyOptions } from '../taxonomy-names';
import type { EditorActor } from './use-campaign-editor';
import { useSection } from './use-section';
import * as s from './campaign-editor.css';

/** The message of a field's error id, translated; undefined when the field is fine. */
function useErrorText(errors: Record<string, string>) {
  const { i18n } = useLingui();
  return (field: string) => (errors[field] ? i18n._(errors[field]) : undefined);
}

const counter = (text: string, max: number): ReactNode => (
  <span className={s.counter}>
    {text.length}/{max}
  </span>
);

/** Basics: title, address (slug, checked live), summary, category and tags. */
export function BasicsFields({ editor, categories, tags }: { editor: EditorActor; categories: TaxonomyItem[]; tags: TaxonomyItem[] }) {
  const { t, i18n } = useLingui();
  const { values, errors, checking, change } = useSection(editor, 'basics');
  const error = useErrorText(errors);
  return (
    <FormSection title={<Trans>Básico</Trans>}>
      <TextField
        label={t`Título`}
        value={values.title ?? ''}
        maxLength={CAMPAIGN_TITLE_MAX + 20}
        onChange={(e) => change({ title: e.target.value })}
        error={error('title')}
        hint={counter(values.title ?? '', CAMPAIGN_TITLE_MAX)}
      />
      <TextField
        label={t`Endereço da campanha`}
        value={values.slug ?? ''}
        onChange={(e) => change({ slug: e.target.value })}
        error={error('slug')}
        hint={checking ? t`Verificando se o endereço está livre…` : `semear.org/${values.slug ?? ''}`}
        spellCheck={false}
        autoCapitalize="none"
      />
      <TextArea
        label={t`Resumo`}
        value={values.summary ?? ''}
        rows={3}
        onChange={(e) => change({ summary: e.target.value })}
        error={error('summary')}
        hint={counter(values.summary ?? '', CAMPAIGN_SUMMARY_MAX)}
      />
      <Select
        label={t`Categoria`}
        value={values.category ?? ''}
        placeholder={t`Escolha uma categoria`}
        options={taxonomyOptions(categories, i18n.locale)}
        onChange={(e) => change({ category: e.target.value })}
        error={error('category')}
      />
      <fieldset className={s.tags}>
        <legend>
          <Trans>Tags</Trans>
        </legend>
        {tags.map((tag) => {
          const chosen = values.tags?.includes(tag.slug) ?? false;
          return (
            <Checkbox
              key={tag.slug}
              label={localName(tag, i18n.locale)}
              checked={chosen}
              onChange={() =>
                change({ tags: chosen ? (values.tags ?? []).filter((x) => x !== tag.slug) : [...(values.tags ?? []), tag.slug] })
              }
            />
          );
        })}
        {error('tags') ? <p className={s.error}>{error('tags')}</p> : null}
      </fieldset>
    </FormSection>
  );
}

/** Goal and dates: the goal in reais (empty: no goal) and the last day donations are taken. */
export function GoalDatesFields({ editor }: { editor: EditorActor }) {
  const { t } = useLingui();
  const { values, errors, change } = useSection(editor, 'goalDates');
  const error = useErrorText(errors);
  return (
    <FormSection title={<Trans>Meta e datas</Trans>}>
      <TextField
        label={t`Meta (R$)`}
        inputMode="decimal"
        defaultValue={values.goal ? centsToReaisText(values.goal) : ''}
        onChange={(e) => {
          const text = e.target.value.trim();
          change({ goal: text === '' ? null : (reaisToCents(text) ?? Number.NaN) });
        }}
        error={error('goal')}
        hint={t`Deixe em branco para uma campanha sem meta.`}
      />
      <DateField
        label={t`Último dia para doar`}
        value={values.ends_on || null}
        onChange={(day) => change({ ends_on: day ?? '' })}
        error={error('ends_on')}
        hint={t`As doações valem até as 23:59 desse dia, no horário de Brasília. Em branco: sem data para acabar.`}
      />
    </FormSection>
  );
}

/** Who organises the campaign. */
export function OrganiserFields({ editor }: { editor: EditorActor }) {
  const { t } = useLingui();
  const { values, errors, change } = useSection(editor, 'organiser');
  const error = useErrorText(errors);
  return (
    <FormSection title={<Trans>Organização</Trans>}>
      <TextField
        label={t`Quem organiza`}
        value={values.organiser_name ?? ''}
        onChange={(e) => change({ organiser_name: e.target.value })}
        error={error('organiser_name')}
        hint={counter(values.organiser_name ?? '', CAMPAIGN_ORGANISER_MAX)}
      />
    </FormSection>
  );
}

/** The link preview's words (WhatsApp, Facebook): the title and summary unless written here. */
export function ShareFields({ editor, preview }: { editor: EditorActor; preview: ReactNode }) {
  const { t } = useLingui();
  const { values, errors, change } = useSection(editor, 'share');
  const error = useErrorText(errors);
  return (
    <FormSection title={<Trans>Compartilhamento</Trans>}>
      <TextField
        label={t`Título no link compartilhado`}
        value={values.share_title ?? ''}
        onChange={(e) => change({ share_title: e.target.value })}
        error={error('share_title')}
        hint={counter(values.share_title ?? '', CAMPAIGN_SHARE_TITLE_MAX)}
      />
      <TextArea
        label={t`Descrição no link compartilhado`}
        value={values.share_description ?? ''}
        rows={2}
        onChange={(e) => change({ share_description: e.target.value })}
        error={error('share_description')}
        hint={counter(values.share_description ?? '', CAMPAIGN_SHARE_DESCRIPTION_MAX)}
      />
      {preview}
    </FormSection>
  );
}
