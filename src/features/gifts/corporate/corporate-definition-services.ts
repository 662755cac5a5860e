import { fromCallback, fromPromise } from 'xstate';
import type { CompanyLogo, RecipientSheetResult } from '../../../../contracts';
import {
  corporateDefinitionMachine,
  type ChosenFile,
  type CorporateDefinitionOutput,
  type CorporateRecipientsEvent,
} from '../../../../machines/gift-card/corporate-definition.machine';
import { corporateRecipientsMachine } from '../../../../machines/gift-card/corporate-recipients.machine';
import { giftCardOrdersApi } from '../../../lib/api/gift-card-orders';
import type { SheetWorkerMessage } from './recipient-sheet.worker';

/** What the corporate definition does outside itself: read the file in the browser, send it and the logo. */
export interface CorporateDefinitionServices {
  /** Starts reading `file`; `report` gets its progress and result; the returned function stops it. */
  readSheet(file: Blob, report: (message: SheetWorkerMessage) => void): () => void;
  uploadSheet(file: Blob): Promise<RecipientSheetResult>;
  uploadLogo(file: Blob): Promise<CompanyLogo>;
}

export const realCorporateDefinitionServices: CorporateDefinitionServices = {
  readSheet(file, report) {
    const worker = new Worker(new URL('./recipient-sheet.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<SheetWorkerMessage>) => report(event.data);
    worker.onerror = () => report({ type: 'failed' });
    worker.postMessage(file);
    return () => worker.terminate();
  },
  uploadSheet: (file) => giftCardOrdersApi.uploadRecipientSheet(file),
  uploadLogo: (file) => giftCardOrdersApi.uploadLogo(file),
};

/** The machine's file is the browser's File the view sent; anything else cannot be read. */
const blobOf = (file: ChosenFile): Blob => {
  if (file instanceof Blob) return file;
  throw new Error('corporate definition: not a file');
};

const eventOf = (message: SheetWorkerMessage): CorporateRecipientsEvent =>
  message.type === 'progress'
    ? { type: 'sheet.progress', fraction: message.fraction }
    : message.type === 'read'
      ? { type: 'sheet.read', sheet: message.sheet }
      : { type: 'sheet.unreadable' };

export function provideCorporateDefinition(
  services: CorporateDefinitionServices,
  finished: (definition: CorporateDefinitionOutput) => void,
) {
  return corporateDefinitionMachine.provide({
    actors: {
      recipients: corporateRecipientsMachine.provide({
        actors: {
          readSheet: fromCallback<CorporateRecipientsEvent, { file: ChosenFile }>(({ input, sendBack }) => {
            if (!(input.file instanceof Blob)) {
              sendBack({ type: 'sheet.unreadable' });
              return undefined;
            }
            return services.readSheet(input.file, (message) => sendBack(eventOf(message)));
          }),
          uploadSheet: fromPromise<RecipientSheetResult, { file: ChosenFile }>(({ input }) => services.uploadSheet(blobOf(input.file))),
        },
      }),
      uploadLogo: fromPromise<CompanyLogo, { file: ChosenFile }>(({ input }) => services.uploadLogo(blobOf(input.file))),
    },
    actions: { finished: (_, definition) => finished(definition) },
  });
}
