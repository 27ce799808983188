/** `registration delete-address`: its confirmation names the address and the (masked) card. */
import { maskValue } from '../../../client/mask.js';
import { operation } from '../../../catalogue/index.js';
import { defineCommand } from '../define.js';

export const deleteAddress = defineCommand(operation('registration.delete-address'), {
  confirm: (params) => ({
    lines: [
      `Delete address ${params.endereco_ind} (endereco_ind) of card ${maskValue('usuario_cartao', `${params.usuario_cartao}`)}`,
    ],
    question: 'Delete this address? This cannot be undone.',
    what: 'deletes an address',
  }),
});
