import type { CorporateGiftCardDesign } from '../../contracts/gift-card-definition';
import type { CorporateShipping } from '../../contracts/gift-card-orders';
import type { CompanyLogo } from '../../contracts/gift-cards';
import type { RecipientSheet, RejectedSheetRow, SheetRecipient } from '../../contracts/recipient-sheet';
import type { FormFailure } from '../forms/form-failure';
import type { DefinitionIssue } from './definition-issues';

/** The corporate definition's vocabulary (corporate-definition.machine.ts): its context, events and output. */

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

/** The recipients as the corporate order takes them. */
export type CorporateRecipients =
  | { source: 'sheet'; sheet_id: string; count: number; shipping: CorporateShipping; file_name: string }
  | { source: 'codes'; quantity: number };

export interface CorporateDefinitionContext {
  design: CorporateGiftCardDesign | null;
  file: ChosenFile | null;
  /** 0 to 1 while the spreadsheet is read. */
  progress: number;
  preview: SheetPreview | null;
  /** The spreadsheet as the server kept it. */
  sheet: { id: string; accepted: number } | null;
  /** Codes only: how many. */
  quantity: number | null;
  shipping: CorporateShipping | null;
  logo: CompanyLogo | null;
  issues: DefinitionIssue[];
  failure: FormFailure | null;
}

export type CorporateDefinitionEvent =
  | { type: 'design.submitted'; design: unknown }
  | { type: 'sheet.selected'; file: ChosenFile }
  | { type: 'sheet.progress'; fraction: number }
  | { type: 'sheet.read'; sheet: RecipientSheet }
  | { type: 'sheet.unreadable' }
  | { type: 'sheet.confirmed' }
  | { type: 'sheet.discarded' }
  | { type: 'codes.submitted'; quantity: unknown }
  | { type: 'shipping.submitted'; shipping: unknown; submittedAt: string }
  | { type: 'logo.selected'; file: ChosenFile }
  | { type: 'logo.removed' }
  | { type: 'logo.confirmed' }
  | { type: 'definition.confirmed' }
  | { type: 'step.backRequested' };

export interface CorporateDefinitionOutput {
  design: CorporateGiftCardDesign;
  recipients: CorporateRecipients;
  logo: CompanyLogo | null;
}
