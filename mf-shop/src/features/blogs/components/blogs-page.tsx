import styled from 'styled-components';
import { pageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { PageHeader } from '../../../components/page-header';
import { Inner } from '../../../components/section';
import { blogPosts } from '../content';
import { cardColumn, surface } from '../../../components/surface';

const Post = styled.article`
  ${cardColumn}
  ${surface}
  border-top: 4px solid var(--color-primary);
  gap: 12px;
  padding: 24px;
  h2 { margin: 0; font-size: 1.2rem; line-height: 1.35; }
  p { margin: 0; color: var(--color-ink-soft); }
`;

const Topic = styled.span`
  align-self: flex-start;
  padding: 2px 10px;
  border-radius: 999px;
  background: #dbeafe;
  color: var(--color-primary-dark);
  font-size: 0.8rem;
  font-weight: 700;
`;

export function BlogsPage() {
  usePageMeta(pageMeta.blogs);
  return (
    <>
      <PageHeader title="Blogs" lead="Questions developers ask us about how this shop is built, answered by the people who built it." />
      <Inner>
        <CardGrid $columns={2}>
          {blogPosts.map((post) => (
            <li key={post.id}>
              <Post aria-labelledby={`${post.id}-question`}>
                <Topic>{post.topic}</Topic>
                <h2 id={`${post.id}-question`}>{post.question}</h2>
                {post.answer.map((paragraph) => (
                  <p key={paragraph.slice(0, 24)}>{paragraph}</p>
                ))}
              </Post>
            </li>
          ))}
        </CardGrid>
      </Inner>
    </>
  );
}
