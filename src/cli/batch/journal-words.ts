/** The batch journal's key (src/cli/batch/step-hash.ts): what a run says of a journal's hashes. */
import type { Translation, Words } from '../i18n/shape.js';

const en = {
  unkeyed: (journal: string) =>
    `the journal ${journal} was begun by an earlier coopctl: its step hashes have no key, so whoever reads it can tell a health-declaration answer or a CPF from them; the batch goes on with it as it is (delete it once the batch is done)`,
  otherKey: (journal: string, key: string) =>
    `the journal ${journal} was written with another journal key than ${key} (another machine or user?): its steps cannot be recognised, so nothing is sent; copy that key there, or start over with another --journal (rows already sent would be sent again)`,
};

const ptBR: Translation<typeof en> = {
  unkeyed: (journal) =>
    `o diário ${journal} foi começado por um coopctl anterior: os hashes das etapas não têm chave, então quem o lê pode descobrir por eles uma resposta da declaração de saúde ou um CPF; o lote continua com ele como está (apague-o quando o lote terminar)`,
  otherKey: (journal, key) =>
    `o diário ${journal} foi gravado com outra chave de diário que não a de ${key} (outra máquina ou outro usuário?): as etapas não podem ser reconhecidas, então nada é enviado; copie aquela chave para lá, ou recomece com outro --journal (as linhas já enviadas seriam enviadas de novo)`,
};

/** The words of this module in each language. */
export const words: Words<typeof en> = { en, 'pt-BR': ptBR };
