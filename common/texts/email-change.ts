/** Issue 21 item 6: a new e-mail address becomes the account's only once a link sent to it is opened (decision 0039). */
export const EMAIL_CHANGE_TEXT = {
  newAddressSubject: 'Confirm your new email address',
  /** The previous address's link was opened: the second link went to the new address. */
  previousAddressConfirmed: (newEmail: string) =>
    `Change confirmed. To finish, open the link we just sent to ${newEmail}. Until then your current address stays in use.`,
} as const;
