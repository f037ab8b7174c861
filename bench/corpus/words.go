package corpus

import (
	"math/rand/v2"
	"strings"
)

// Word material for names and prose. The generators only ever pick from
// these lists through their seeded random source, so output is stable.
var (
	schemaStems = []string{
		"Computer", "Storage", "Network", "Ethernet", "Serial", "Virtual", "Host", "Memory",
		"Processor", "Power", "Thermal", "Fabric", "Event", "Telemetry", "Update", "Account",
		"Certificate", "Key", "Job", "Task", "Log", "Message", "Outbound", "Cable", "Leak",
		"Coolant", "Battery", "Facility", "Component", "Secure", "Signal", "Trusted", "Simple",
		"Switch", "Drive", "Volume", "Port", "Endpoint", "Zone", "Sensor", "Circuit", "Outlet",
	}
	schemaHeads = []string{
		"System", "Chassis", "Manager", "Drive", "Volume", "Port", "Adapter", "Interface",
		"Sensor", "Fan", "Supply", "Controller", "Processor", "Memory", "Endpoint", "Switch",
		"Zone", "Fabric", "Account", "Role", "Session", "Certificate", "Event", "Subscription",
		"Task", "Job", "Log", "Entry", "Registry", "Policy", "Battery", "Outlet", "Meter",
		"Bios", "Boot", "Firmware", "Inventory", "License", "Route", "Address", "Vlan",
		"Queue", "Channel", "Slot", "Assembly", "Media", "Namespace", "Pool", "Group",
		"Connection", "Metric", "Report", "Trigger", "Aggregate", "Block", "Domain",
	}
	// categories are the folders schemas are filed under; some are nested
	// deeper, as vendor extensions are.
	categories = []string{
		"systems", "chassis", "managers", "storage", "networking", "accounts", "telemetry",
		"update", "events", "fabrics", "power", "security", "tasks", "composition",
		"oem/contoso", "oem/fabrikam/extensions", "oem/litware/v2/extensions",
	}
	propAdjectives = []string{
		"Active", "Allowed", "Assigned", "Auto", "Boot", "Cached", "Capable", "Configured",
		"Current", "Default", "Designated", "Effective", "Enabled", "Expected", "Failed",
		"Firmware", "Hardware", "Host", "Initial", "Last", "Local", "Lower", "Managed",
		"Maximum", "Minimum", "Network", "Operating", "Pending", "Physical", "Preferred",
		"Primary", "Rated", "Remote", "Requested", "Reserved", "Secondary", "Service",
		"Spare", "Standby", "Supported", "Target", "Total", "Upper", "Virtual",
	}
	propNouns = []string{
		"Address", "Capacity", "Count", "Duration", "Encoding", "Frequency", "Health",
		"Identifier", "Interval", "Level", "Limit", "Location", "Mode", "Model", "Name",
		"Percent", "Policy", "Port", "Protocol", "Rate", "Reading", "Revision", "Size",
		"Speed", "State", "Threshold", "Timeout", "Timestamp", "Type", "Units", "Uri",
		"Version", "Voltage", "Watts", "Width",
	}
	enumWords = []string{
		"Enabled", "Disabled", "Absent", "Deferring", "InTest", "Quiesced", "Starting",
		"StandbyOffline", "StandbySpare", "Updating", "UnavailableOffline", "Degraded",
		"Critical", "Warning", "OK", "Once", "Continuous", "None", "Pxe", "Hdd", "Cd",
		"Usb", "BiosSetup", "Diags", "Legacy", "UEFI", "Auto", "Manual", "On", "Off",
		"PoweringOn", "PoweringOff", "Paused", "Full", "Half", "Unknown", "Other",
	}
	proseNouns = []string{
		"resource", "service", "collection", "property", "value", "setting", "device",
		"controller", "interface", "manager", "client", "request", "response", "entry",
		"instance", "component", "assembly", "subsystem", "session", "endpoint", "port",
		"reading", "threshold", "firmware image", "configuration", "power state",
		"health rollup", "link", "location", "identifier", "schema", "action",
	}
	proseVerbs = []string{
		"contain", "indicate", "describe", "report", "reflect", "specify", "represent",
		"identify", "list", "define", "govern", "limit",
	}
	proseQualifiers = []string{
		"current", "requested", "effective", "configured", "supported", "maximum",
		"minimum", "default", "last known", "rated", "allowed", "pending",
	}
)

// pick returns one element of list.
func pick(r *rand.Rand, list []string) string { return list[r.IntN(len(list))] }

// sentence makes one sentence of specification-like prose.
func sentence(r *rand.Rand) string {
	var b strings.Builder
	switch r.IntN(4) {
	case 0:
		b.WriteString("This property shall " + pick(r, proseVerbs) + " the " + pick(r, proseQualifiers) + " " + pick(r, proseNouns))
		b.WriteString(" of the " + pick(r, proseNouns))
	case 1:
		b.WriteString("The value shall " + pick(r, proseVerbs) + " the " + pick(r, proseNouns) + " that the " + pick(r, proseNouns) + " uses")
	case 2:
		b.WriteString("If the " + pick(r, proseNouns) + " is not " + pick(r, proseQualifiers) + ", the service shall " + pick(r, proseVerbs) + " the " + pick(r, proseNouns))
	default:
		b.WriteString("This type shall " + pick(r, proseVerbs) + " a " + pick(r, proseQualifiers) + " " + pick(r, proseNouns) + " for each " + pick(r, proseNouns))
	}
	if r.IntN(3) == 0 {
		b.WriteString(", as defined by the " + pick(r, proseNouns) + " " + pick(r, proseNouns))
	}
	b.WriteString(".")
	return b.String()
}

// prose joins n sentences.
func prose(r *rand.Rand, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = sentence(r)
	}
	return strings.Join(parts, " ")
}

// lowerFirst turns a type-style name into a requirement-style one.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
