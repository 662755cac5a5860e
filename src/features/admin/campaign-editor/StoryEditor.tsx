import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button, TextField } from '../../../ui';
import type { EditorActor } from './use-campaign-editor';
import { useSectionUpload } from './use-section';
import * as s from './campaign-editor.css';

/**
 * The story's rich text (Tiptap, a well-kept ProseMirror editor): headings, bold, italic, lists, links and
 * pictures uploaded through the admin API. It hands back HTML; the server keeps only the vocabulary
 * the public page shows (story-html.ts), so what is typed here is what donors read. The story section's
 * machine sends the pictures (in `campaignEditor`); each one done goes in where the cursor is.
 */
export default function StoryEditor({
  value,
  onChange,
  label,
  campaignEditor,
}: {
  value: string;
  onChange(html: string): void;
  label: string;
  campaignEditor: EditorActor;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: { attributes: { class: s.story, 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const upload = useSectionUpload(campaignEditor, 'story', ({ image, fileName }) =>
    editor
      ?.chain()
      .focus()
      .setImage({ src: image.url, alt: fileName.replace(/\.[^.]+$/, '') })
      .run(),
  );
  return (
    <div className={s.storyFrame}>
      {editor ? <Toolbar editor={editor} upload={upload} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, upload }: { editor: Editor; upload: ReturnType<typeof useSectionUpload> }) {
  const { t, i18n } = useLingui();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const { uploading, failureMessages } = upload;
  const tool = (name: string, pressed: boolean, run: () => void, children: ReactNode) => (
    <button type="button" className={s.tool} aria-pressed={pressed} aria-label={name} title={name} onClick={run}>
      {children}
    </button>
  );
  const chain = () => editor.chain().focus();
  const imageError = failureMessages ? failureMessages.map((m) => i18n._(m)).join(' ') : null;
  return (
    <div className={s.toolbar} role="toolbar" aria-label={t`Formatação da história`}>
      {tool(t`Título de seção`, active.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
      {tool(t`Subtítulo`, active.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
      {tool(t`Negrito`, active.bold, () => chain().toggleBold().run(), <strong>B</strong>)}
      {tool(t`Itálico`, active.italic, () => chain().toggleItalic().run(), <em>I</em>)}
      {tool(t`Lista`, active.bullet, () => chain().toggleBulletList().run(), '•')}
      {tool(t`Lista numerada`, active.ordered, () => chain().toggleOrderedList().run(), '1.')}
      {tool(t`Link`, active.link, () => (active.link ? chain().unsetLink().run() : setLinking(true)), '🔗')}
      <label className={s.tool}>
        <span aria-hidden="true">🖼</span>
        <span className={s.hidden}>
          <Trans>Imagem</Trans>
        </span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className={s.hidden}
          disabled={uploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.upload(file);
          }}
        />
      </label>
      {linking ? (
        <div className={s.linkForm}>
          <TextField label={t`Endereço do link`} value={href} placeholder="https://" onChange={(e) => setHref(e.target.value)} />
          <Button
            type="button"
            size="sm"
            onClick={() => {
              if (/^(https?:\/\/|mailto:)/i.test(href.trim())) chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
              setLinking(false);
              setHref('');
            }}
          >
            <Trans>Aplicar link</Trans>
          </Button>
        </div>
      ) : null}
      {uploading ? <span role="status">{t`Enviando imagem…`}</span> : null}
      {imageError ? (
        <span role="alert" className={s.error}>
          {imageError}
        </span>
      ) : null}
    </div>
  );
}
