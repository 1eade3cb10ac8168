import { z } from 'zod';
import { singleLineText } from './text';

// Issue 29: POST /api/deals/{id}/contract. What the two sides type at download time goes into the PDF
// and nowhere else: the server keeps none of it (no table, no log, no job). Messages are keys of the
// `validation` catalog (see schemas/auth.ts).

/** The longest a full name, an identity document, an address, a permit and a serial number may be. */
export const CONTRACT_LIMITS = {
  name: 120,
  identity: 40,
  address: 200,
  permit: 60,
  serial: 60,
} as const;

type Kind = keyof typeof CONTRACT_LIMITS;

/** One required line of text: its messages say what is missing or too long. */
const line = (kind: Kind, required: string, max: string) =>
  singleLineText({ error: required }).min(1, required).max(CONTRACT_LIMITS[kind], max);

const name = () => line('name', 'contractNameRequired', 'contractNameMax');
const identity = () => line('identity', 'contractIdentityRequired', 'contractIdentityMax');
const address = () => line('address', 'contractAddressRequired', 'contractAddressMax');
const permit = () => line('permit', 'contractPermitRequired', 'contractPermitMax');

/**
 * Flat, so that every error names its field (`sellerName: ...`): each side's full name, CNP or
 * identity card series and number, address, and permit (the buyer's: permit or purchase
 * authorisation) number; and the weapon's serial number. Unknown fields are dropped.
 */
export const saleContractInputSchema = z.object({
  sellerName: name(),
  sellerIdentity: identity(),
  sellerAddress: address(),
  sellerPermit: permit(),
  buyerName: name(),
  buyerIdentity: identity(),
  buyerAddress: address(),
  buyerPermit: permit(),
  serialNumber: line('serial', 'contractSerialRequired', 'contractSerialMax'),
});
export type SaleContractInput = z.output<typeof saleContractInputSchema>;

/** The form's fields, in the order the form and the contract show them. */
export const SALE_CONTRACT_FIELDS = Object.keys(saleContractInputSchema.shape) as Array<
  keyof SaleContractInput
>;
