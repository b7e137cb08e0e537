import {
  BarChart3,
  BookOpen,
  Bot,
  Bug,
  Code2,
  Cpu,
  GraduationCap,
  Hammer,
  Lightbulb,
  Mail,
  MessageCircleQuestion,
  MessageSquare,
  Network,
  ShieldCheck,
  UserRoundSearch,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  badge?: 'New' | 'Soon';
}

/** The sidebar of spec section 1: four groups, every label of the route table, and the candidate's own analytics. */
export const navGroups: Array<{ title: string; items: NavItem[] }> = [
  {
    title: 'Prepare',
    items: [
      { label: 'Leetcode Tracker', to: '/leetcode', icon: Code2, badge: 'New' },
      { label: 'Analytics', to: '/analytics', icon: BarChart3 },
      { label: 'Implement-a-thon', to: '/implementathon', icon: Hammer, badge: 'Soon' },
      { label: 'AI Mock Interviews', to: '/ai-mocks', icon: Bot },
      { label: 'Operating Systems', to: '/sre', icon: Cpu, badge: 'Soon' },
      { label: 'System Design', to: '/system-design', icon: Network },
    ],
  },
  {
    title: 'Share',
    items: [
      { label: 'Candidates', to: '/candidate-interviews', icon: Users, badge: 'New' },
      { label: 'Interviewers', to: '/interviewers', icon: UserRoundSearch, badge: 'Soon' },
      { label: 'Ask a SWE', to: '/ask-a-swe', icon: MessageCircleQuestion, badge: 'New' },
    ],
  },
  {
    title: 'Learn',
    items: [
      { label: 'Opportunities', to: '/pathfinder', icon: GraduationCap },
      { label: 'External Resources', to: '/external-resources', icon: BookOpen },
    ],
  },
  {
    title: 'About',
    items: [
      { label: 'Share Feedback', to: '/contact-form/feedback', icon: MessageSquare },
      { label: 'Feature Requests', to: '/feature-request', icon: Lightbulb },
      { label: 'Report a Bug', to: '/contact-form/bug-report', icon: Bug },
      { label: 'Contact Us', to: '/contact-form', icon: Mail },
    ],
  },
];

/** Shown only to moderators (app_metadata.role), under its own heading. */
export const moderationGroup: { title: string; items: NavItem[] } = {
  title: 'Moderate',
  items: [{ label: 'Moderation', to: '/moderation', icon: ShieldCheck }],
};
