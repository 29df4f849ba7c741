import { useId } from 'react';
import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { pageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { CardGrid } from '../../../components/card-grid';
import { PageHeader } from '../../../components/page-header';
import { Inner } from '../../../components/section';
import { media } from '../../../lib/breakpoints';
import { education, projects, skills } from '../content';
import { cardColumn, plainList, surface } from '../../../components/surface';

const Columns = styled.div`
  display: grid;
  gap: 24px;
  ${media.large} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Block = styled.section`
  ${surface}
  padding: 24px;
  h2 { margin: 0 0 16px; font-size: 1.4rem; }
`;

const Timeline = styled.ol`
  ${plainList}
  display: grid;
  gap: 18px;
  li { padding-left: 16px; border-left: 3px solid var(--color-primary); }
  h3 { margin: 0; font-size: 1.05rem; }
  p { margin: 4px 0 0; color: var(--color-ink-soft); }
  .period { color: var(--color-muted); font-size: 0.9rem; font-weight: 600; }
`;

const Skills = styled.ul`
  ${plainList}
  display: grid;
  gap: 14px;
`;

const SkillRow = styled.li`
  display: grid;
  gap: 6px;
  .label { display: flex; justify-content: space-between; gap: 12px; font-weight: 600; }
  .track { height: 12px; border-radius: 6px; background: var(--color-border); overflow: hidden; }
  .fill { height: 100%; border-radius: 6px; background: linear-gradient(90deg, var(--color-primary), #3b82f6); }
`;

function SkillBar({ name, percent }: { name: string; percent: number }) {
  const labelId = useId();
  return (
    <SkillRow>
      <span className="label">
        <span id={labelId}>{name}</span>
        <span aria-hidden="true">{percent}%</span>
      </span>
      <div
        className="track"
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="fill" style={{ width: `${percent}%` }} />
      </div>
    </SkillRow>
  );
}

const Project = styled.article`
  ${cardColumn}
  ${surface}
  gap: 10px;
  padding: 22px;
  h3 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; color: var(--color-ink-soft); }
  ul { list-style: none; margin: auto 0 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; }
  a { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
`;

const ProjectsTitle = styled.h2`
  margin: 40px 0 16px;
  font-size: 1.4rem;
`;

export function PortfolioPage() {
  usePageMeta(pageMeta.portfolio);
  return (
    <>
      <PageHeader title="Portfolio" lead="The developer behind PC PART PICKER: education, skills and projects." />
      <Inner>
        <Columns>
          <Block aria-labelledby="education-title">
            <h2 id="education-title">Education</h2>
            <Timeline>
              {education.map((entry) => (
                <li key={entry.title}>
                  <h3>{entry.title}</h3>
                  <p className="period">{entry.period}</p>
                  <p>{entry.summary}</p>
                </li>
              ))}
            </Timeline>
          </Block>
          <Block aria-labelledby="skills-title">
            <h2 id="skills-title">Skills</h2>
            <Skills>
              {skills.map((skill) => (
                <SkillBar key={skill.name} name={skill.name} percent={skill.percent} />
              ))}
            </Skills>
          </Block>
        </Columns>
        <section aria-labelledby="projects-title">
          <ProjectsTitle id="projects-title">Projects</ProjectsTitle>
          <CardGrid>
            {projects.map((project) => (
              <li key={project.title}>
                <Project aria-label={project.title}>
                  <h3>{project.title}</h3>
                  <p>{project.summary}</p>
                  <ul>
                    {project.links.map((link) => (
                      <li key={link.to}>
                        <Link to={link.to}>{link.label}</Link>
                      </li>
                    ))}
                  </ul>
                </Project>
              </li>
            ))}
          </CardGrid>
        </section>
      </Inner>
    </>
  );
}
