import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE_POLICY } from "~/route-support/cache-policy";
import { orSignedOut, requireUser } from "~/route-support/guards.server";
import { MY_DATA_FILE_NAME } from "~/rules/account-data";

/** GET /user/data: "Download my data", a JSON file of everything kept for the signed-in listener. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const data = await orSignedOut(request, context.services.accountData.exportFor(user));
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${MY_DATA_FILE_NAME}"`,
      "Cache-Control": CACHE_POLICY.private,
    },
  });
}
