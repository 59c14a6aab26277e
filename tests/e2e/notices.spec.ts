import { type APIRequestContext, expect, test } from "@playwright/test";
import { createAccount, solveCaptcha, uniqueEmail } from "./account-helpers";
import { text } from "./checkout-helpers";
import { hydrated } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

// A renewal refused by the card, through the sandbox: the scheduler mails the customer in their
// language; the mail's link (through the account, signing in first) opens the processor's page to
// update the card; a working card pays the renewal and the subscription is active again.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "Sturdy-Pass9!";
const P = "/api/mms/payment/v1/providers";

/** A customer who bought the annual plan in `language` on the sandbox's hosted page. */
async function subscriber(request: APIRequestContext, email: string, language: string) {
  const token = await createAccount(request, email, PASSWORD);
  const headers = { "X-App-Type": "101", Authorization: `Bearer ${token}` };
  const started = await request.post(`${P}/common/pd/prepurchase`, {
    headers,
    data: { plan_id: "1-year", client_info: { language }, recasign: await solveCaptcha(request) },
  });
  const { order_id: orderId, web_url: webUrl } = (await started.json()).data.value;
  const paid = await request.post(webUrl, { form: { card: "4242 4242 4242 4242" }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const status = async () => {
    const mine = await request.get("/api/mms/payment/v1/web/subscription_my", { headers });
    return (await mine.json()).data?.subscriptions?.[0]?.status;
  };
  await expect.poll(status).toBe("active");
  return { orderId: String(orderId), status };
}

test("a failed renewal is mailed once in German; its link leads, after signing in, to the card page", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("renewal-failed");
  const { orderId, status } = await subscriber(request, email, "de");

  // The sandbox's test control, as Stripe's test clocks: the renewal is refused.
  const refused = await request.post(`/sandbox/subscriptions/sub_${orderId}/fail-renewal`);
  expect(refused.status()).toBe(200);
  await expect.poll(status).toBe("past_due");

  const subject = text("de", "email", "notice.failed.subject");
  const failedMails = () => mailsTo(String(process.env.E2E_MAIL_DIR), email).filter((mail) => mail.subject === subject);
  await expect.poll(() => failedMails().length, { timeout: 60_000 }).toBe(1);
  const [mail] = failedMails();
  const link = mail?.text.match(/https?:\/\/\S+\/de\/myaccount\/payment-method\?subscription=\d+/)?.[0];
  expect(link, mail?.text).toBeTruthy();
  expect(mail?.html).toContain(text("de", "email", "notice.failed.button"));

  // Signed out: the link asks for the sign-in first, then goes on to the processor's page.
  await page.goto(String(link));
  await page.waitForURL(/\/de\/login\?redirect=/);
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/sandbox/payment-method/sub_${orderId}$`), { timeout: 30_000 });

  await page.getByLabel("New card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Save card" }).click();
  await page.waitForURL("**/de/myaccount");
  await expect.poll(status).toBe("active");
  // Sent once: the scheduler runs again on the renewal's webhook and sends nothing more.
  expect(failedMails()).toHaveLength(1);
});
