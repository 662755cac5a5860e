import { useEffect, useRef, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TaxonomyItem, TaxonomyListEvent } from '../../../../machines/admin/taxonomy-list.machine';
import { formatNumber } from '../../../app';
import { Button, Select } from '../../../ui';
import { NameForm } from './NameFields';
import * as s from './taxonomy.css';

interface RowProps {
  kind: 'categories' | 'tags';
  item: TaxonomyItem;
  others: readonly TaxonomyItem[];
  first: boolean;
  last: boolean;
  busy: boolean;
  send: (event: TaxonomyListEvent) => void;
  /** This row was just moved that way: once the list has settled, focus comes back to its arrow. */
  moved: -1 | 1 | null;
  onMove: (by: -1 | 1) => void;
  onRefocused: () => void;
}

type Open = 'rename' | 'delete' | 'merge' | null;

/**
 * One category or tag: its names and how many campaigns use it, with what the admin may do. Taking
 * one away says first how many campaigns it touches and where they go.
 */
export function TaxonomyRow({ kind, item, others, first, last, busy, send, moved, onMove, onRefocused }: RowProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState<Open>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  // The arrows are disabled while the new order saves and the row moves in the page, which drops the
  // focus: give it back to the same arrow, or to the other one when the row reached an end.
  useEffect(() => {
    if (moved === null || busy) return;
    ((moved === -1 && !first) || last ? up : down).current?.focus();
    onRefocused();
  }, [moved, busy, first, last, onRefocused]);
  const [target, setTarget] = useState('');
  const name = item.name;
  const count = item.campaign_count;
  const shown = formatNumber(count);
  const options = others.map((other) => ({ value: other.slug, label: other.name }));
  const close = () => setOpen(null);
  return (
    <li className={s.row} aria-label={name}>
      <div className={s.rowHead}>
        <div>
          <strong>{name}</strong>
          <span className={s.muted}>
            {' '}
            · {[item.name_en, item.name_es].filter(Boolean).join(' · ') || t`sem tradução`} ·{' '}
            <Plural value={count} _0="nenhuma campanha" one={`${shown} campanha`} other={`${shown} campanhas`} />
          </span>
        </div>
        <div className={s.actions}>
          {kind === 'categories' ? (
            <>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                ref={up}
                disabled={busy || first}
                onClick={() => onMove(-1)}
                aria-label={t`Subir ${name}`}
              >
                ↑
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                ref={down}
                disabled={busy || last}
                onClick={() => onMove(1)}
                aria-label={t`Descer ${name}`}
              >
                ↓
              </Button>
            </>
          ) : null}
          <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(open === 'rename' ? null : 'rename')}>
            <Trans>Renomear</Trans>
          </Button>
          {kind === 'tags' ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={others.length === 0}
              onClick={() => setOpen(open === 'merge' ? null : 'merge')}
            >
              <Trans>Juntar com outra</Trans>
            </Button>
          ) : null}
          <Button type="button" size="sm" variant="danger" onClick={() => setOpen(open === 'delete' ? null : 'delete')}>
            <Trans>Apagar</Trans>
          </Button>
        </div>
      </div>
      {open === 'rename' ? (
        <NameForm
          label={t`Renomear ${name}`}
          initial={{ name: item.name, name_en: item.name_en, name_es: item.name_es }}
          submitLabel={t`Salvar nome`}
          busy={busy}
          onCancel={close}
          onSubmit={(input) => send({ type: 'command.sent', command: { type: 'rename', slug: item.slug, input } })}
        />
      ) : null}
      {open === 'merge' ? (
        <div role="group" aria-label={t`Juntar ${name}`} className={s.panel}>
          <p>
            <Plural
              value={count}
              _0={`Nenhuma campanha tem “${name}”: ela deixa de existir.`}
              one={`A campanha com “${name}” passa a ter a tag escolhida, e “${name}” deixa de existir.`}
              other={`As ${shown} campanhas com “${name}” passam a ter a tag escolhida, e “${name}” deixa de existir.`}
            />
          </p>
          <Select
            label={t`Juntar com`}
            placeholder={t`Escolha uma tag`}
            options={options}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
          <div className={s.actions}>
            <Button type="button" variant="ghost" onClick={close}>
              <Trans>Cancelar</Trans>
            </Button>
            <Button
              type="button"
              disabled={busy || target === ''}
              onClick={() => send({ type: 'command.sent', command: { type: 'merge', from: item.slug, into: target } })}
            >
              <Trans>Juntar</Trans>
            </Button>
          </div>
        </div>
      ) : null}
      {open === 'delete' ? (
        <DeletePanel
          kind={kind}
          item={item}
          options={options}
          target={target}
          setTarget={setTarget}
          busy={busy}
          onCancel={close}
          send={send}
        />
      ) : null}
    </li>
  );
}

function DeletePanel({
  kind,
  item,
  options,
  target,
  setTarget,
  busy,
  onCancel,
  send,
}: {
  kind: RowProps['kind'];
  item: TaxonomyItem;
  options: Array<{ value: string; label: string }>;
  target: string;
  setTarget: (slug: string) => void;
  busy: boolean;
  onCancel: () => void;
  send: RowProps['send'];
}) {
  const { t } = useLingui();
  const name = item.name;
  const count = item.campaign_count;
  const shown = formatNumber(count);
  const moves = kind === 'categories' && count > 0;
  const blocked = kind === 'tags' && count > 0;
  return (
    <div role="group" aria-label={t`Apagar ${name}`} className={s.panel}>
      {blocked ? (
        <p>
          <Plural
            value={count}
            one={`“${name}” está em ${shown} campanha: junte-a a outra tag para que ela não a perca sem aviso.`}
            other={`“${name}” está em ${shown} campanhas: junte-a a outra tag para que elas não a percam sem aviso.`}
          />
        </p>
      ) : moves ? (
        <>
          <p>
            <Plural
              value={count}
              one={`${shown} campanha está em “${name}”. Escolha para qual categoria ela vai antes de apagá-la.`}
              other={`${shown} campanhas estão em “${name}”. Escolha para qual categoria elas vão antes de apagá-la.`}
            />
          </p>
          <Select
            label={t`Mover as campanhas para`}
            placeholder={t`Escolha uma categoria`}
            options={options}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          />
        </>
      ) : (
        <p>
          <Trans>Nenhuma campanha usa “{name}”. Apagar mesmo assim?</Trans>
        </p>
      )}
      <div className={s.actions}>
        <Button type="button" variant="ghost" onClick={onCancel}>
          <Trans>Cancelar</Trans>
        </Button>
        {blocked ? null : (
          <Button
            type="button"
            variant="danger"
            disabled={busy || (moves && target === '')}
            onClick={() => send({ type: 'command.sent', command: { type: 'delete', slug: item.slug, moveTo: moves ? target : undefined } })}
          >
            {moves ? <Trans>Mover as campanhas e apagar</Trans> : <Trans>Apagar</Trans>}
          </Button>
        )}
      </div>
    </div>
  );
}
