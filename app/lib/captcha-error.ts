/** SPEC §8: the client refuses to send an empty captcha token. (Apart from lib/captcha.ts, which pages load only when they call.) */
export class EmptyCaptchaToken extends Error {
  constructor() {
    super("recaptcha token is empty");
  }
}
