-- A Pix Automático debit the bank refused (4xx) or that could not be made: the fingerprint of the request and the
-- reason, so the same request is not sent again until something in it changes (docs/payments.md).
ALTER TABLE "subscription_charges" ADD COLUMN "debit_refusal" jsonb;