package dev.durable.processor.reading;

import dev.durable.annotations.CatchUp;
import javax.lang.model.element.AnnotationMirror;

/**
 * One {@code @Schedule} on a workflow class.
 *
 * @param repeated its position among repeated {@code @Schedule}s, which javac gathers into a
 *     {@code @Schedules} container; -1 when it is the only one
 */
public record ScheduleAnnotation(
    AnnotationMirror mirror,
    int repeated,
    Attribute<String> cron,
    Attribute<String> zone,
    Attribute<CatchUp> catchUp) {}
