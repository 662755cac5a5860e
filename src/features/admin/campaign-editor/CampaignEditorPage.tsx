import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useBlocker } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { missingToPublish } from '../../../../contracts/admin-campaign-editor';
import type { TaxonomyItem } from '../../../../machines/admin/taxonomy-list.machine';
import { ConfirmCancelledError, formatDate, formatTime, isSameSaoPauloDay, useConfirm } from '../../../app';
import { RetryNotice } from '../../../app/RetryNotice';
import { sameFields } from '../../../app/machine-view';
import { Button, Card, FormError, Spinner } from '../../../ui';
import { AdminPage } from '../AdminPage';
import { CAMPAIGN_STATUS_NAMES } from '../campaign-status-names';
import { ConflictDialog, HistoryPanel, LifecyclePanel, VersionsPanel } from './EditorPanels';
import { CoverField } from './CoverField';
import { PreviewPanel, ShareCard } from './PreviewPanel';
import { BasicsFields, GoalDatesFields, OrganiserFields, ShareFields } from './SectionFields';
import { selectEditor, useCampaignEditor, type EditorActor } from './use-campaign-editor';
import { useSection } from './use-section';
import * as s from './campaign-editor.css';

const StoryEditor = lazy(() => import('./StoryEditor'));

/**
 * /admin/campaigns/edit?slug=: the campaign editor. Each section's machine keeps its fields; the editor's
 * machine saves the draft a few seconds after the last change, shows both versions when someone else
 * saved meanwhile, publishes, schedules, pauses, ends and archives; leaving with unsaved changes asks.
 */
export function CampaignEditorPage({ slug, categories, tags }: { slug: string; categories: TaxonomyItem[]; tags: TaxonomyItem[] }) {
  const { t, i18n } = useLingui();
  const editor = useCampaignEditor(slug);
  const view = useSelector(editor, selectEditor, sameFields);
  const confirm = useConfirm();
  useBlocker({
    shouldBlockFn: async () => {
      if (!editor.getSnapshot().hasTag('state:unsaved')) return false;
      try {
        await confirm({
          title: t`Sair sem salvar?`,
          description: t`Há alterações que ainda não foram salvas. Se sair agora, elas se perdem.`,
          confirmText: t`Sair sem salvar`,
          cancelText: t`Continuar editando`,
        });
        return false;
      } catch (error) {
        if (error instanceof ConfirmCancelledError) return true;
        throw error;
      }
    },
    enableBeforeUnload: () => editor.getSnapshot().hasTag('state:unsaved'),
  });
  const { context } = view;
  const loaded = context.loaded;
  if (view.notFound) {
    return (
      <AdminPage path="/admin/campaigns/edit">
        <p role="alert">
          <Trans>Campanha não encontrada.</Trans> <Link to="/admin/campaigns">{t`Voltar para as campanhas`}</Link>
        </p>
      </AdminPage>
    );
  }
  if (view.unavailable) {
    return (
      <AdminPage path="/admin/campaigns/edit">
        <RetryNotice onRetry={() => editor.send({ type: 'editor.retried' })}>
          <Trans>Não conseguimos abrir a campanha agora.</Trans>
        </RetryNotice>
      </AdminPage>
    );
  }
  if (!loaded) {
    return (
      <AdminPage path="/admin/campaigns/edit">
        <Spinner label={t`Carregando`} />
      </AdminPage>
    );
  }
  const status = i18n._(CAMPAIGN_STATUS_NAMES[loaded.editor.status]);
  const savedAt = context.savedAt;
  const savedTime = savedAt ? formatTime(savedAt) : '';
  const savedDay = savedAt ? formatDate(savedAt) : '';
  return (
    <AdminPage path="/admin/campaigns/edit">
      <div className={s.status} aria-live="polite">
        <span data-status={loaded.editor.status}>
          <Trans>Situação: {status}</Trans>
        </span>
        <span>·</span>
        <span data-testid="save-state">
          {view.saving ? (
            <Trans>Salvando…</Trans>
          ) : view.blocked ? (
            <Trans>Corrija os campos marcados para salvar.</Trans>
          ) : view.failed ? (
            <Trans>Não foi possível salvar. Tentaremos de novo.</Trans>
          ) : view.unsaved ? (
            <Trans>Alterações não salvas</Trans>
          ) : savedAt && isSameSaoPauloDay(savedAt, new Date()) ? (
            <Trans>Rascunho salvo às {savedTime}</Trans>
          ) : savedAt ? (
            <Trans>
              Rascunho salvo em {savedDay}, às {savedTime}
            </Trans>
          ) : null}
        </span>
        {loaded.editor.status !== 'draft' && loaded.editor.status !== 'scheduled' ? (
          <Link to="/$slug" params={{ slug: loaded.editor.live_slug }} target="_blank">
            {t`Ver a página pública`}
          </Link>
        ) : null}
        {view.unsaved ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={view.saving || view.blocked}
            onClick={() => editor.send({ type: 'save.requested' })}
          >
            <Trans>Salvar agora</Trans>
          </Button>
        ) : null}
      </div>
      {context.failure && !view.conflicted ? <FormError>{context.failure.messages.map((m) => i18n._(m)).join(' ')}</FormError> : null}
      {context.done ? (
        <p role="status">{context.done === 'restore' ? <Trans>Versão restaurada como rascunho.</Trans> : <Trans>Feito.</Trans>}</p>
      ) : null}
      <div className={s.layout}>
        <div key={`${loaded.editor.id}-${loaded.editor.version}`} className={s.cropper}>
          <Card>
            <BasicsFields editor={editor} categories={categories} tags={tags} />
          </Card>
          <Card>
            <StoryField editor={editor} />
          </Card>
          <Card>
            <CoverField editor={editor} />
          </Card>
          <Card>
            <GoalDatesFields editor={editor} />
          </Card>
          <Card>
            <OrganiserFields editor={editor} />
          </Card>
          <Card>
            <ShareFields editor={editor} preview={<ShareCard content={context.content} />} />
          </Card>
        </div>
        <aside className={s.side} aria-label={t`Publicação e histórico`}>
          <LifecyclePanel
            actions={loaded.editor.actions}
            missing={missingToPublish(context.savedContent)}
            disabled={view.unsaved || view.acting}
            onAct={(action, publishAt) => editor.send({ type: 'lifecycle.requested', action, publishAt })}
          />
          <PreviewPanel campaignId={loaded.editor.id} content={context.savedContent} disabled={view.unsaved} />
          <VersionsPanel
            versions={loaded.versions}
            disabled={view.unsaved || view.acting}
            onRestore={(number) => editor.send({ type: 'version.restored', number })}
          />
          <HistoryPanel entries={loaded.audit} />
        </aside>
      </div>
      {view.conflicted && context.conflict ? (
        <ConflictDialog
          mine={context.content}
          theirs={context.conflict}
          onKeepMine={() => editor.send({ type: 'conflict.mineKept' })}
          onTakeTheirs={() => editor.send({ type: 'conflict.theirsTaken' })}
        />
      ) : null}
    </AdminPage>
  );
}

function StoryField({ editor }: { editor: EditorActor }) {
  const { t, i18n } = useLingui();
  const { values, errors, change } = useSection(editor, 'story');
  return (
    <section aria-labelledby="story-title" className={s.cropper}>
      <h2 id="story-title">
        <Trans>História</Trans>
      </h2>
      <Suspense fallback={<Spinner label={t`Carregando o editor`} />}>
        <StoryEditor
          value={values.story ?? ''}
          onChange={(story) => change({ story })}
          label={t`História da campanha`}
          campaignEditor={editor}
        />
      </Suspense>
      {errors.story ? <p className={s.error}>{i18n._(errors.story)}</p> : null}
    </section>
  );
}
