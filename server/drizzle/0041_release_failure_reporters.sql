-- release_failures.reporter: hand-written
-- Who reported a failure, so the Releases page counts browsers, not reports: "user:<id>" for a
-- signed-in user, "address:<keyed hash>" for anyone else (the address itself is not kept). Reports
-- made before this column have none and count one each.
ALTER TABLE "release_failures" ADD COLUMN "reporter" text;
