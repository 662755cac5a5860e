import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { LegalText } from './legal-texts';
import { PlaceholderPage } from './PlaceholderPage';
import * as s from './pages.css';

/**
 * /termos and /privacidade: a legal text in the page's language, its sections as headings for navigation.
 * `before` comes ahead of the text (the privacy policy's DPO contact, from the organisation's record).
 */
export function LegalPage({ text, before }: { text: LegalText; before?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <PlaceholderPage title={i18n._(text.title)} lead={i18n._(text.lead)}>
      {before}
      <div className={s.prose}>
        {text.sections.map((section) => (
          <section key={section.heading.id}>
            <h2>{i18n._(section.heading)}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.id}>{i18n._(paragraph)}</p>
            ))}
          </section>
        ))}
      </div>
    </PlaceholderPage>
  );
}
