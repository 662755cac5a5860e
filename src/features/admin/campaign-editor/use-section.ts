import { useEffect, useEffectEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { EditorSection, SectionValues } from '../../../../contracts/admin-campaign-editor';
import type { CoverFocus, SectionContext, UploadFinished } from '../../../../machines/admin/campaign-section.machine';
import { useSectionActor, type EditorActor } from './use-campaign-editor';

const EMPTY: Pick<SectionContext, 'values' | 'errors'> = { values: {}, errors: {} };

/** A section's values and errors (message ids by field), and how to change them: the section's machine keeps them. */
export function useSection<S extends EditorSection>(editor: EditorActor, section: S) {
  const actor = useSectionActor(editor, section);
  const { values, errors } = useSelector(actor, (s) => (s ? { values: s.context.values, errors: s.context.errors } : EMPTY)) ?? EMPTY;
  const checking = useSelector(actor, (s) => s?.hasTag('state:checking') ?? false) ?? false;
  return {
    values: values as SectionValues[S],
    errors,
    checking,
    change: (changes: Partial<SectionValues[S]>) => actor?.send({ type: 'field.changed', values: changes }),
  };
}

/**
 * A section's picture upload (the cover, a picture in the story), which its machine runs: whether one is
 * on its way, the messages of a refused one (ids or the server's words, for `i18n._`), how to ask for one
 * and to put a refusal away. `onFinished` hears each upload done (the story puts the picture at its cursor).
 */
export function useSectionUpload(editor: EditorActor, section: 'cover' | 'story', onFinished: (finished: UploadFinished) => void) {
  const actor = useSectionActor(editor, section);
  const uploading = useSelector(actor, (s) => s?.hasTag('state:uploading') ?? false) ?? false;
  const failure = useSelector(actor, (s) => (s?.hasTag('state:uploadFailed') ? s.context.uploadFailure : null)) ?? null;
  const finished = useEffectEvent(onFinished);
  useEffect(() => {
    const subscription = actor?.on('upload.finished', (event) => finished(event));
    return () => subscription?.unsubscribe();
  }, [actor]);
  return {
    uploading,
    failureMessages: failure?.messages ?? null,
    upload: (file: File, focus?: CoverFocus) => actor?.send({ type: 'upload.requested', file, focus }),
    dismiss: () => actor?.send({ type: 'upload.dismissed' }),
  };
}
