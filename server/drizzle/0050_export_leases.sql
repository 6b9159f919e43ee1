-- Exports downloading now, counted across instances (a lease per export and per holder: user:<id>,
-- tenant:<id>); not tenant data, so outside the wall, like security_counters.
CREATE TABLE "export_leases" (
	"holder" text NOT NULL,
	"lease_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "export_leases_holder_lease_id_pk" PRIMARY KEY("holder","lease_id")
);
