/**
 * The page that undoes an e-mail change, without the language prefix (the mail's link and the
 * route table alike). The link carries its token after `#`, so it never reaches a server log.
 */
export const EMAIL_UNDO_PATH = "/myaccount/email-undo";
