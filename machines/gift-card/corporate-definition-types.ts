import type { CorporateGiftCardDesign } from '../../contracts/gift-card-definition';
import type { CorporateShipping } from '../../contracts/gift-card-orders';
import type { CompanyLogo } from '../../contracts/gift-cards';
import type { RecipientSheet, RejectedSheetRow, SheetRecipient } from '../../contracts/recipient-sheet';
import type { FormFailure } from '../forms/form-failure';
import type { DefinitionIssue } from './definition-issues';

/**
 * The corporate definition's vocabulary (corporate-definition.machine.ts and its recipients step,
 * corporate-recipients.machine.ts): their context, events, input and output. A leaf module, so the
 * two machines and the views share it without importing each other in a circle.
 */

/** The file chosen (a browser File); the machine only passes it to its actors. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** What the browser read of the spreadsheet: how many recipients, the first few, and every refused row. */
export interface SheetPreview {
  fileName: string;
  accepted: number;
  sample: SheetRecipient[];
  rejected: RejectedSheetRow[];
}

/** The spreadsheet as the server kept it. */
export interface KeptSheet {
  id: string;
  accepted: number;
}

/** The recipients as the corporate order takes them. */
export type CorporateRecipients =
  | { source: 'sheet'; sheet_id: string; count: number; shipping: CorporateShipping; file_name: string }
  | { source: 'codes'; quantity: number };

/** What the recipients step holds, and hands back to the definition when it ends. */
export interface ChosenRecipients {
  preview: SheetPreview | null;
  sheet: KeptSheet | null;
  /** Codes only: how many. */
  quantity: number | null;
}

export interface CorporateDefinitionContext extends ChosenRecipients {
  design: CorporateGiftCardDesign | null;
  shipping: CorporateShipping | null;
  logo: CompanyLogo | null;
  issues: DefinitionIssue[];
  failure: FormFailure | null;
}

/** The recipients step opens with what was chosen before; `resumed` (back from a later step) opens a kept spreadsheet on its preview. */
export interface CorporateRecipientsInput extends ChosenRecipients {
  resumed: boolean;
}

export interface CorporateRecipientsContext extends CorporateRecipientsInput {
  file: ChosenFile | null;
  /** 0 to 1 while the spreadsheet is read. */
  progress: number;
  issues: DefinitionIssue[];
  failure: FormFailure | null;
}

/** How the recipients step ended: back to the design, with a spreadsheet kept by the server, or with codes. */
export type RecipientsExit = 'back' | 'sheet' | 'codes';

export interface CorporateRecipientsOutput extends ChosenRecipients {
  exit: RecipientsExit;
}

/** The recipients step's events: the view's, and `sheet.progress` / `sheet.read` / `sheet.unreadable` from `readSheet`. */
export type CorporateRecipientsEvent =
  | { type: 'sheet.selected'; file: ChosenFile }
  | { type: 'sheet.progress'; fraction: number }
  | { type: 'sheet.read'; sheet: RecipientSheet }
  | { type: 'sheet.unreadable' }
  | { type: 'sheet.confirmed' }
  | { type: 'sheet.discarded' }
  | { type: 'codes.submitted'; quantity: unknown }
  | { type: 'step.backRequested' };

export const RECIPIENTS_EVENTS = [
  'sheet.selected',
  'sheet.progress',
  'sheet.read',
  'sheet.unreadable',
  'sheet.confirmed',
  'sheet.discarded',
  'codes.submitted',
  'step.backRequested',
] as const satisfies ReadonlyArray<CorporateRecipientsEvent['type']>;

export type CorporateDefinitionEvent =
  | CorporateRecipientsEvent
  | { type: 'design.submitted'; design: unknown }
  | { type: 'shipping.submitted'; shipping: unknown; submittedAt: string }
  | { type: 'logo.selected'; file: ChosenFile }
  | { type: 'logo.removed' }
  | { type: 'logo.confirmed' }
  | { type: 'definition.confirmed' };

export interface CorporateDefinitionOutput {
  design: CorporateGiftCardDesign;
  recipients: CorporateRecipients;
  logo: CompanyLogo | null;
}
