-- Issue 52: a deliverer leases an endpoint (one node sends to it at a time, in order) while it delivers a batch.
ALTER TABLE "webhook_endpoints" ADD COLUMN "claimed_until" timestamp with time zone;
