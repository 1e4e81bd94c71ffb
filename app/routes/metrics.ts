// Prometheus metrics (docs/operations.md 'Metrics'): to loopback, or to
// anyone with `Authorization: Bearer $METRICS_TOKEN`; everyone else 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { metricsResponse } from "~/lib/metrics-access.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => metricsResponse(request, context);
