import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: TabItem[];
  selectedIndex?: number;
  defaultIndex?: number;
  onChange?: (index: number) => void;
  className?: string;
}

/** Segmented tabs over Headless UI's TabGroup (arrow keys move between tabs). */
export function Tabs({ tabs, selectedIndex, defaultIndex, onChange, className }: TabsProps) {
  return (
    <TabGroup
      selectedIndex={selectedIndex}
      defaultIndex={defaultIndex}
      onChange={onChange}
      className={className}
    >
      <TabList className="inline-flex w-full gap-1 overflow-x-auto rounded-xl bg-muted p-1">
        {tabs.map((t) => (
          <Tab
            key={t.id}
            className="flex-1 cursor-pointer whitespace-nowrap rounded-lg px-2 py-2 sm:px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-selected:bg-card data-selected:text-foreground data-selected:shadow-sm"
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-4">
        {tabs.map((t) => (
          <TabPanel key={t.id} className={cn('outline-none')}>
            {t.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
