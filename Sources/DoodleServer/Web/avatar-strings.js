// The face editor's strings in English, German and French (the rest of the
// game's are in i18n.js), merged in before the page translates itself.

import { addStrings } from "./i18n.js";

const en = {
  "avatar.editor": "Your face", "avatar.preview": "Your face as others see it", "avatar.colors": "Colour",
  "avatar.eyes": "Eyes", "avatar.mouth": "Mouth", "avatar.eyesLabel": "Other eyes", "avatar.mouthLabel": "Other mouth",
  "avatar.color.coral": "coral", "avatar.color.orange": "orange", "avatar.color.yellow": "yellow", "avatar.color.green": "green",
  "avatar.color.teal": "teal", "avatar.color.blue": "blue", "avatar.color.violet": "violet", "avatar.color.pink": "pink",
};

const de = {
  "avatar.editor": "Dein Gesicht", "avatar.preview": "Dein Gesicht, wie die anderen es sehen", "avatar.colors": "Farbe",
  "avatar.eyes": "Augen", "avatar.mouth": "Mund", "avatar.eyesLabel": "Andere Augen", "avatar.mouthLabel": "Anderer Mund",
  "avatar.color.coral": "Koralle", "avatar.color.orange": "Orange", "avatar.color.yellow": "Gelb", "avatar.color.green": "Grün",
  "avatar.color.teal": "Türkis", "avatar.color.blue": "Blau", "avatar.color.violet": "Violett", "avatar.color.pink": "Rosa",
};

const fr = {
  "avatar.editor": "Ton visage", "avatar.preview": "Ton visage tel que les autres le voient", "avatar.colors": "Couleur",
  "avatar.eyes": "Yeux", "avatar.mouth": "Bouche", "avatar.eyesLabel": "Autres yeux", "avatar.mouthLabel": "Autre bouche",
  "avatar.color.coral": "corail", "avatar.color.orange": "orange", "avatar.color.yellow": "jaune", "avatar.color.green": "vert",
  "avatar.color.teal": "turquoise", "avatar.color.blue": "bleu", "avatar.color.violet": "violet", "avatar.color.pink": "rose",
};

addStrings({ en, de, fr });
