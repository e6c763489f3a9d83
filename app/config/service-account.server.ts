import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
}

const serviceAccountSchema = z.object({
  type: z.literal("service_account").optional(),
  project_id: z.string().min(1),
  client_email: z.string().email(),
  private_key: z.string().includes("PRIVATE KEY"),
});

/**
 * FIREBASE_SERVICE_ACCOUNT: the service account JSON itself, or a path to the file. Throws an Error
 * whose message says what is wrong (never the key).
 */
export function readServiceAccount(value: string): ServiceAccount {
  const raw = value.trim();
  let text = raw;
  if (!raw.startsWith("{")) {
    try {
      text = fs.readFileSync(path.resolve(raw), "utf8");
    } catch (error) {
      throw new Error(
        `cannot read the service account file ${raw} (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("the service account is not valid JSON");
  }
  const parsed = serviceAccountSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`the service account JSON has no valid ${issue?.path.join(".") || "content"}`);
  }
  return parsed.data;
}
