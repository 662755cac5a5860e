/**
 * Documents a donor can keep and anyone can verify (docs/privacy.md, "Statements and declarations"). The names
 * below are stable: the guests' statements (a receipt link's) and the data export build on them.
 */
export { issueDocument, verifyDocument, type DocumentToIssue, type IssuedDocument, type IssuingOrganisation } from './issue-document';
export { renderStatementPdf, verificationUrl, type StatementDonor, type StatementPdfInput } from './statement-pdf';
export { publicStatement, readStatement, readStatementYears, type StatementSubject } from './statement-reads';
export { assertStatementYear, createDonorDocuments, issuingOrganisation } from './donor-documents';
