import { useTranslation } from 'react-i18next';
import type { DesignElement } from '#shared/designs.ts';
import type { ElementType } from './elements.ts';

/** Element type names and layer names ("Text “Hello World”", "Rectangle 2") in the interface language. */
export function useElementNames() {
  const { t } = useTranslation('designs');
  const typeLabel = (type: ElementType): string => {
    switch (type) {
      case 'text':
        return t('types.text');
      case 'rectangle':
        return t('types.rectangle');
      case 'circle':
        return t('types.circle');
      case 'line':
        return t('types.line');
      case 'image':
        return t('types.image');
    }
  };
  const elementName = (element: DesignElement, elements: DesignElement[]): string => {
    if (element.type === 'text') {
      const text = element.text.replace(/\s+/g, ' ').trim();
      return t('layers.textName', { text: text.length > 24 ? `${text.slice(0, 23)}…` : text || t('layers.emptyText') });
    }
    const sameType = elements.filter((other) => other.type === element.type);
    return t('layers.numberedName', { type: typeLabel(element.type), number: sameType.indexOf(element) + 1 });
  };
  return { typeLabel, elementName };
}
