import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  CampaignAction,
  CampaignContent,
  CampaignVersion,
  DraftConflict,
  PublishRequirement,
} from '../../../../contracts/admin-campaign-editor';
import type { AuditEntry } from '../../../../contracts/admin-taxonomy';
import { formatDateTime } from '../../../app';
import { Button, Card, Dialog, TextField } from '../../../ui';
import { changedFields, FIELD_NAMES, fieldText } from './content-diff';
import * as s from './campaign-editor.css';

const ACTION_NAMES: Record<CampaignAction, MessageDescriptor> = {
  publish: msg`Publicar agora`,
  schedule: msg`Agendar publicação`,
  unschedule: msg`Cancelar agendamento`,
  apply: msg`Publicar alterações`,
  pause: msg`Pausar`,
  resume: msg`Retomar`,
  end: msg`Encerrar`,
  archive: msg`Arquivar`,
};
const MISSING_NAMES: Record<PublishRequirement, MessageDescriptor> = {
  title: msg`título`,
  summary: msg`resumo`,
  story: msg`história`,
  cover: msg`capa`,
  category: msg`categoria`,
  organiser: msg`organização`,
};

/** What can happen to the campaign now (the lifecycle's table), and what publishing still needs. */
export function LifecyclePanel({
  actions,
  missing,
  disabled,
  onAct,
}: {
  actions: CampaignAction[];
  missing: PublishRequirement[];
  disabled: boolean;
  onAct(action: CampaignAction, publishAt?: string): void;
}) {
  const { i18n, t } = useLingui();
  const [when, setWhen] = useState('');
  const publishing = actions.some((a) => a === 'publish' || a === 'schedule' || a === 'apply');
  return (
    <Card>
      <h2>
        <Trans>Publicação</Trans>
      </h2>
      {publishing && missing.length > 0 ? (
        <p className={s.hint}>
          <Trans>Para publicar, falta: {missing.map((m) => i18n._(MISSING_NAMES[m])).join(', ')}.</Trans>
        </p>
      ) : null}
      <div className={s.actions}>
        {actions
          .filter((a) => a !== 'schedule')
          .map((action) => (
            <Button
              key={action}
              type="button"
              size="sm"
              variant={action === 'publish' || action === 'apply' ? 'primary' : 'secondary'}
              disabled={disabled || ((action === 'publish' || action === 'apply') && missing.length > 0)}
              onClick={() => onAct(action)}
            >
              {i18n._(ACTION_NAMES[action])}
            </Button>
          ))}
      </div>
      {actions.includes('schedule') ? (
        <div className={s.cropper}>
          <TextField
            label={t`Publicar em (horário de Brasília)`}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
          />
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={disabled || !when || missing.length > 0}
            onClick={() => onAct('schedule', new Date(`${when}:00-03:00`).toISOString())}
          >
            {i18n._(ACTION_NAMES.schedule)}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** Someone saved after this editor read the draft: both versions, field by field, and the choice. */
export function ConflictDialog({
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
}: {
  mine: CampaignContent;
  theirs: DraftConflict['current'];
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const { i18n, t } = useLingui();
  const who = theirs.saved_by?.name ?? t`Outra pessoa`;
  const when = formatDateTime(theirs.saved_at);
  const fields = changedFields(mine, theirs.content);
  return (
    <Dialog
      open
      role="alertdialog"
      onClose={() => {}}
      closeOnBackdrop={false}
      title={<Trans>Outra pessoa salvou esta campanha</Trans>}
      description={
        <Trans>
          {who} salvou em {when}, depois que você começou a editar. Escolha qual versão manter.
        </Trans>
      }
      footer={
        <div className={s.actions}>
          <Button type="button" onClick={onKeepMine}>
            <Trans>Manter a minha versão</Trans>
          </Button>
          <Button type="button" variant="secondary" onClick={onTakeTheirs}>
            <Trans>Ficar com a versão de {who}</Trans>
          </Button>
        </div>
      }
    >
      <div className={s.compare}>
        <section aria-label={t`A minha versão`}>
          <h3>
            <Trans>A minha versão</Trans>
          </h3>
          <ul className={s.diff}>
            {fields.map((key) => (
              <li key={key}>
                <strong>{i18n._(FIELD_NAMES[key])}:</strong> {fieldText(mine, key)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-label={t`A versão de ${who}`}>
          <h3>
            <Trans>A versão de {who}</Trans>
          </h3>
          <ul className={s.diff}>
            {fields.map((key) => (
              <li key={key}>
                <strong>{i18n._(FIELD_NAMES[key])}:</strong> {fieldText(theirs.content, key)}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </Dialog>
  );
}

/** Each publish's version: what it changed from the one before, and restoring it as the draft. */
export function VersionsPanel({
  versions,
  disabled,
  onRestore,
}: {
  versions: CampaignVersion[];
  disabled: boolean;
  onRestore(n: number): void;
}) {
  const { i18n } = useLingui();
  if (versions.length === 0) return null;
  return (
    <Card>
      <h2>
        <Trans>Versões publicadas</Trans>
      </h2>
      <ol className={s.diff} reversed>
        {versions.map((version, index) => {
          const before = versions[index + 1];
          const fields = before ? changedFields(before.content, version.content) : [];
          const when = formatDateTime(version.published_at);
          const who = version.published_by?.name ?? i18n._(msg`agendamento`);
          const number = version.number;
          return (
            <li key={number}>
              <Trans>
                Versão {number}, {when}, por {who}
              </Trans>
              {fields.length > 0 ? <div className={s.hint}>{fields.map((f) => i18n._(FIELD_NAMES[f])).join(', ')}</div> : null}
              <Button type="button" size="sm" variant="ghost" disabled={disabled} onClick={() => onRestore(number)}>
                <Trans>Restaurar a versão {number}</Trans>
              </Button>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

const AUDIT_NAMES: Record<string, MessageDescriptor> = {
  'campaign.create': msg`criou`,
  'campaign.save': msg`salvou o rascunho`,
  'campaign.publish': msg`publicou`,
  'campaign.schedule': msg`agendou`,
  'campaign.unschedule': msg`cancelou o agendamento`,
  'campaign.apply': msg`publicou alterações`,
  'campaign.pause': msg`pausou`,
  'campaign.resume': msg`retomou`,
  'campaign.end': msg`encerrou`,
  'campaign.archive': msg`arquivou`,
};

/** The campaign's audit log: who changed what, when. */
export function HistoryPanel({ entries }: { entries: AuditEntry[] }) {
  const { i18n, t } = useLingui();
  return (
    <Card>
      <h2>
        <Trans>Histórico</Trans>
      </h2>
      <ol className={s.diff}>
        {entries.slice(0, 20).map((entry) => (
          <li key={entry.id}>
            {formatDateTime(entry.at)} · {entry.actor.name ?? t`agendamento`}{' '}
            {AUDIT_NAMES[entry.action] ? i18n._(AUDIT_NAMES[entry.action] as MessageDescriptor) : entry.action}
          </li>
        ))}
      </ol>
    </Card>
  );
}
