#!/usr/bin/python3
"""Writes registry.json: the facts of OpenStack Heat's resource registry and
template versions, read from Heat itself (Debian's python3-heat).

Run by `go generate ./analysis/grammar/heatreg` with /usr/bin/python3 after
`apt-get install python3-heat`; it is not part of the build or the tests.

Only facts are written (names, types, defaults, constraints, update policy,
support status, versions): no descriptions or messages, which are Heat's
prose. A replacement a support status names (`Use OS::X instead`) is kept as
the type name alone.
"""

import importlib.metadata
import inspect
import json
import re
import sys

from oslo_config import cfg

cfg.CONF([], project='heat', default_config_files=[])

from heat.common import environment_format  # noqa: E402
from heat.common import environment_util  # noqa: E402
from heat.engine import attributes  # noqa: E402
from heat.engine import constraints as constr  # noqa: E402
from heat.engine import environment  # noqa: E402
from heat.engine import properties  # noqa: E402
from heat.engine import resource  # noqa: E402
from heat.engine import resources  # noqa: E402
from heat.engine import support  # noqa: E402
from heat.engine.hot import functions as hot_funcs  # noqa: E402
from heat.engine.hot import parameters as hot_params  # noqa: E402
from heat.engine.resources.openstack.heat import none_resource  # noqa: E402
from heat.engine import function  # noqa: E402

TYPE_NAME = re.compile(r'\b(?:OS|AWS)::[A-Za-z0-9_]+(?:::[A-Za-z0-9_]+)+')


def status(ss, own_name=None):
    """The support status as facts: status, the release it holds from,
    the release the type or property first appeared in, and the types its
    message names as replacements."""
    out = {}
    if ss.status != support.SUPPORTED:
        out['status'] = ss.status
        if ss.version:
            out['statusSince'] = ss.version
        names = [n for n in TYPE_NAME.findall(ss.message or '')
                 if n != own_name]
        if names:
            out['use'] = names[0]
    first = ss
    while first.previous_status is not None:
        first = first.previous_status
    if first.version:
        out['since'] = first.version
    return out


def constraint(c):
    # Length is a kind of Range: asked first.
    if isinstance(c, constr.Length):
        return {'length': bounds(c.min, c.max)}
    if isinstance(c, constr.Range):
        return {'range': bounds(c.min, c.max)}
    if isinstance(c, constr.Modulo):
        return {'modulo': {'step': c.step, 'offset': c.offset}}
    if isinstance(c, constr.AllowedValues):
        return {'allowed_values': list(c.allowed)}
    if isinstance(c, constr.AllowedPattern):
        return {'allowed_pattern': c.pattern}
    if isinstance(c, constr.CustomConstraint):
        return {'custom_constraint': c.name}
    raise ValueError('unknown constraint %r' % c)


def bounds(lo, hi):
    out = {}
    if lo is not None:
        out['min'] = lo
    if hi is not None:
        out['max'] = hi
    return out


def prop(schema):
    out = {'type': schema.type.lower()}
    if schema.required:
        out['required'] = True
    if schema.default is not None:
        out['default'] = schema.default
    if schema.constraints:
        out['constraints'] = [constraint(c) for c in schema.constraints]
    if schema.schema is not None:
        if schema.type == properties.Schema.LIST:
            out['schema'] = {'*': prop(schema.schema['*'])}
        else:
            out['schema'] = {n: prop(s) for n, s in schema.schema.items()}
    if schema.update_allowed:
        out['update_allowed'] = True
    if schema.immutable:
        out['immutable'] = True
    if not schema.implemented:
        out['not_implemented'] = True
    out.update(status(schema.support_status))
    return out


def resource_type(name, cls):
    props = {n: prop(properties.Schema.from_legacy(s))
             for n, s in cls.properties_schema.items()}
    attrs = {}
    for n, s in list(cls.attributes_schema.items()) + \
            list(cls.base_attributes_schema.items()):
        s = attributes.Schema.from_attribute(s)
        a = {}
        if s.type is not None:
            a['type'] = s.type.lower()
        a.update(status(s.support_status))
        attrs[n] = a
    out = {'properties': props, 'attributes': attrs}
    # A plug-in that reads attributes its own way (nested stacks, groups,
    # software deployments) has names beyond its schema.
    if cls.get_attribute is not resource.Resource.get_attribute:
        out['open_attributes'] = True
    # A placeholder takes any properties (it stands in for a removed type,
    # or for any type through the registry).
    if issubclass(cls, none_resource.NoneResource):
        out['open_properties'] = True
    out.update(status(cls.support_status, name))
    return out


def plain(fn):
    """Whether a template's function entry is a function of that version
    (not one marked removed or invalid there)."""
    return fn not in (hot_funcs.Removed, function.Invalid)


def template_versions():
    """The heat_template_version values: per date, what its template class
    accepts; release names as aliases of the date with the same class."""
    versions, aliases, dates = {}, {}, {}
    eps = [ep for ep in importlib.metadata.entry_points(group='heat.templates')
           if ep.name.startswith('heat_template_version.')]
    for ep in sorted(eps, key=lambda e: (not e.name[-1].isdigit(), e.name)):
        version = ep.name.partition('.')[2]
        cls = ep.load()
        if cls in dates:
            aliases[version] = dates[cls]
            continue
        dates[cls] = version
        ps = cls.param_schema_class
        constraints = [k for k in hot_params.PARAM_CONSTRAINTS
                       if k != hot_params.MODULO or
                       issubclass(ps, hot_params.HOTParamSchema20170224)]
        versions[version] = {
            'sections': [s for s in cls.SECTIONS if s != cls.MAPPINGS],
            'resource_keys': list(cls._RESOURCE_KEYS),
            'output_keys': list(cls.OUTPUT_KEYS),
            'parameter_keys': list(ps.KEYS),
            'parameter_types': list(ps.TYPES),
            'parameter_constraints': constraints,
            'functions': sorted(n for n, f in cls.functions.items()
                                if plain(f)),
            'condition_functions': sorted(
                getattr(cls, 'condition_functions', {})),
            'deletion_policies': sorted(cls.deletion_policies),
        }
    return {'versions': versions, 'aliases': aliases}


def environment_facts():
    sinks = {}
    for ep in importlib.metadata.entry_points(group='heat.event_sinks'):
        params = inspect.signature(ep.load().__init__).parameters
        sinks[ep.name] = [p for p in params if p not in ('self', 'type')]
    return {
        'sections': list(environment_format.SECTIONS),
        'hooks': list(environment.HOOK_TYPES),
        'restricted_actions': list(environment.RESTRICTED_ACTIONS),
        'merge_strategies': list(
            environment_util.ALLOWED_PARAM_MERGE_STRATEGIES),
        'event_sinks': sinks,
    }


def main():
    resources.initialise()
    reg = resources.global_env().registry._registry
    types = {}
    for name in sorted(reg):
        info = reg[name]
        if isinstance(info, environment.ClassResourceInfo):
            types[name] = resource_type(name, info.value)
    heat = importlib.metadata.version('openstack-heat')
    templates = template_versions()
    out = sys.stdout if len(sys.argv) < 2 else open(sys.argv[1], 'w')
    # One version and one type per line: a new Heat release shows as a
    # readable diff.
    out.write('{"heat":%s,\n"environment":%s,\n"aliases":%s,\n' % (
        compact(heat), compact(environment_facts()),
        compact(templates['aliases'])))
    out.write('"templates":%s,\n' % lines(templates['versions']))
    out.write('"types":%s}\n' % lines(types))


def compact(v):
    return json.dumps(v, sort_keys=True, separators=(',', ':'))


def lines(m):
    return '{\n%s\n}' % ',\n'.join(
        '%s:%s' % (json.dumps(k), compact(v)) for k, v in m.items())

if __name__ == '__main__':
    main()
