-- History (packages/history): metric snapshots of platform resources, at most one per resource, metric and minute.

-- CreateTable
CREATE TABLE "history_resources" (
    "platform" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "first_seen_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "history_resources_pkey" PRIMARY KEY ("platform","kind","id")
);

-- CreateTable
CREATE TABLE "history_aliases" (
    "platform" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "history_aliases_pkey" PRIMARY KEY ("platform","kind","alias")
);

-- CreateTable
CREATE TABLE "metric_snapshots" (
    "platform" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "observed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "metric_snapshots_pkey" PRIMARY KEY ("platform","kind","resource_id","metric","at")
);
