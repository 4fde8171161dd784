package demo

import "rehome/app"

// The demo takes place in Millbrook, a small town whose neighbourhoods give
// the listings their locations.

// The people. The first seller is verified by the admin; the second is not.
const (
	sam  = iota // seller@rehome.test, clearing houses in and around Riverside
	tess        // seller2@rehome.test, a family on Hillside moving abroad
)

const (
	bea = iota // buyer@rehome.test
	ben        // buyer2@rehome.test
)

var (
	// Where "Contact an admin" writes to in the demo.
	contactEmail = "admins@rehome.test"
	adminAccount = app.NewUser{Name: "Ada Admin", Email: "admin@rehome.test", Role: app.RoleAdmin}
	sellers      = []app.NewUser{
		{Name: "Sam Seller", Email: "seller@rehome.test", Role: app.RoleSeller, Phone: "+1 555 0100", Location: "Riverside"},
		{Name: "Tess Seller", Email: "seller2@rehome.test", Role: app.RoleSeller, Phone: "+1 555 0142", Location: "Hillside"},
	}
	buyers = []app.NewUser{
		{Name: "Bea Buyer", Email: "buyer@rehome.test", Role: app.RoleBuyer, Phone: "+1 555 0199", Location: "Old Town"},
		{Name: "Ben Buyer", Email: "buyer2@rehome.test", Role: app.RoleBuyer, Phone: "+1 555 0123", Location: "Station Road"},
	}
)

// categories, each with the picture its card shows (see picture for the
// spec's words).
var categories = []struct{ name, picture string }{
	{"Sofas", "sofa teal"}, {"Beds", "bed oatmeal oak"}, {"Tables", "table walnut"}, {"Chairs", "bentwood beech"},
	{"Wardrobes", "wardrobe3 lightoak"}, {"Lighting", "floorlamp"}, {"Kitchen", "mixer red"}, {"Décor", "plant"},
	{"Appliances", "retrofridge mint"}, {"Outdoor", "parasol terracotta"}, {"Kids", "bunk painted"}, {"Storage", "bookcase oak"},
}

// listing is a product as its seller would describe it. The purchase year
// is age years before the current one, so the listing stays consistent
// whenever the demo runs; used is never longer than age.
type listing struct {
	seller                     int
	category, picture          string
	name, description          string
	condition                  app.Condition
	location, original, resale string
	age                        int
	used                       string
}

const (
	excellent = app.ConditionExcellent
	good      = app.ConditionGood
	fair      = app.ConditionFair
)

var products = []listing{
	// Sofas
	{sam, "Sofas", "sofa grey oak", "Three-seater linen sofa",
		"Soft grey linen with removable covers, washed last month. The cushions have kept their shape. No pets, no smoking.",
		good, "Riverside", "899", "320", 6, "5 years"},
	{tess, "Sofas", "loveseat tan", "Leather loveseat",
		"Tan leather two-seater. A few light scratches on the left arm, and the seat has softened with use, as leather does.",
		fair, "Hillside", "640", "180", 9, "8 years"},
	{sam, "Sofas", "armchair mustard walnut", "Velvet armchair",
		"Deep mustard velvet on tapered walnut legs. One small worn patch on the right arm; otherwise it looks new.",
		good, "Old Town", "349", "140", 3, "3 years"},
	{tess, "Sofas", "sofa charcoal", "Corner sofa bed",
		"Sofa that pulls out into a double bed in one movement. The mechanism runs smoothly; there is a faint mark on one seat cushion.",
		good, "Orchard Park", "1150", "420", 5, "4 years"},
	{sam, "Sofas", "loveseat sage teak", "Mid-century two-seater",
		"Compact sofa, ideal for a small flat. Re-upholstered in sage green two years ago; the teak frame is solid.",
		good, "Market Square", "520", "245.50", 12, "10 years"},

	// Beds
	{sam, "Beds", "bed oak", "Oak double bed frame",
		"Solid oak, 140 x 200 cm, slatted base included. Comes apart for transport and all the bolts are in a labelled bag.",
		excellent, "Riverside", "520", "240", 3, "3 years"},
	{tess, "Beds", "bed grey", "Upholstered king-size bed",
		"Grey fabric headboard and frame, 160 x 200 cm. We are moving abroad, so it has to go. Mattress not included.",
		excellent, "Hillside", "780", "350", 2, "2 years"},
	{sam, "Beds", "singlebed pine", "Pine single bed",
		"90 x 190 cm pine frame. The legs have some dents from years of vacuum cleaning, but it is perfectly sturdy.",
		fair, "Market Square", "199", "45", 10, "9 years"},
	{tess, "Beds", "singlebed painted", "Guest bed with mattress",
		"Single bed from our spare room, slept in perhaps ten nights a year. Memory-foam mattress included.",
		excellent, "Orchard Park", "410", "190", 4, "4 years, rarely"},
	{sam, "Beds", "bed navy", "Double divan bed",
		"Divan base with a pocket-sprung mattress, always used with a protector. The headboard has a small tear at the back, out of sight.",
		good, "Riverside", "640", "210.99", 6, "6 years"},

	// Tables
	{sam, "Tables", "table walnut", "Extendable dining table",
		"Seats six, eight when extended. Walnut veneer with a small water mark near one corner.",
		good, "Market Square", "750", "260", 7, "7 years"},
	{tess, "Tables", "coffeetable oak", "Oak coffee table with shelf",
		"Low oak table, 110 x 60 cm, with a shelf for magazines. A couple of mug rings on top that would sand out.",
		good, "Hillside", "220", "75", 5, "5 years"},
	{sam, "Tables", "roundtable teak", "Round pedestal table",
		"Seats four, 100 cm across, on a single pedestal so nobody knocks a leg. The top was re-oiled last month.",
		excellent, "Old Town", "380", "165", 4, "4 years"},
	{tess, "Tables", "desk painted", "Writing desk with drawers",
		"120 cm desk with three drawers on the right. Used for working from home; a few light scratches where the laptop sat.",
		good, "Station Road", "289", "110", 3, "3 years"},
	{sam, "Tables", "table pine", "Farmhouse kitchen table",
		"Chunky pine table, 180 x 90 cm, with plenty of character: knocks, scratches and a few candle-wax spots. Very solid.",
		fair, "Riverside", "450", "120", 15, "15 years"},

	// Chairs
	{sam, "Chairs", "bentwood beech", "Set of four bentwood chairs",
		"Classic café chairs, reglued last year and sturdy. The price is for all four.",
		good, "Old Town", "400", "150", 10, "9 years"},
	{tess, "Chairs", "officechair charcoal", "Ergonomic office chair",
		"Adjustable lumbar support, armrests and seat depth. The mesh back is in perfect order.",
		excellent, "Station Road", "350", "140", 2, "2 years"},
	{sam, "Chairs", "stool oak", "Pair of bar stools",
		"Counter-height stools with a 65 cm seat. One footrest is slightly loose and needs a screw tightened.",
		good, "Market Square", "160", "55", 4, "4 years"},
	{tess, "Chairs", "diningchair blue oak", "Two upholstered dining chairs",
		"Padded seats and backs in a washable fabric. A faint stain on one seat, barely visible.",
		good, "Orchard Park", "240", "80", 3, "3 years"},
	{sam, "Chairs", "ladderback darkwood", "Dark oak ladder-back chair",
		"A single solid chair, good at a desk or in a bedroom. The joints have loosened a little with age.",
		fair, "Riverside", "120", "25", 20, "About 20 years"},

	// Wardrobes
	{sam, "Wardrobes", "wardrobe2 pine", "Two-door pine wardrobe",
		"Hanging rail and two shelves inside, 180 cm tall. The doors close fine, though the varnish is worn around the handles.",
		fair, "Riverside", "280", "60", 12, "12 years"},
	{tess, "Wardrobes", "mirrored painted", "Three-door wardrobe with mirror",
		"White wardrobe, 150 cm wide, with a full-length mirror door. Comes apart into panels; collection only.",
		good, "Hillside", "560", "190", 5, "5 years"},
	{sam, "Wardrobes", "wardrobe2 darkwood brass", "Antique-style armoire",
		"Dark-stained wardrobe with brass handles. Heavy, so bring a friend. One hinge has been replaced.",
		good, "Old Town", "900", "340", 18, "18 years"},
	{tess, "Wardrobes", "wardrobe2 greypaint", "Compact double wardrobe",
		"Fits under a sloping ceiling at 160 cm tall. Bought for a student room and lightly used.",
		excellent, "Station Road", "240", "110", 2, "1 year"},
	{sam, "Wardrobes", "wardrobe3 oak", "Triple wardrobe in oak veneer",
		"Plenty of hanging space behind three doors. Some small chips on the plinth; the doors hang straight.",
		good, "Market Square", "430", "150", 8, "8 years"},

	// Lighting
	{tess, "Lighting", "floorlamp cream brass", "Brass floor lamp",
		"Warm light through a linen shade, with a foot switch. Bulb included.",
		excellent, "Hillside", "120", "45", 2, "2 years"},
	{sam, "Lighting", "tripodlamp oak", "Tripod floor lamp",
		"Wooden tripod legs with a large drum shade. The shade has a small dent at the back.",
		good, "Riverside", "95", "32.50", 4, "4 years"},
	{tess, "Lighting", "tablelamp", "Pair of ceramic table lamps",
		"Matching bedside lamps with fabric shades, sold as a pair.",
		good, "Orchard Park", "140", "48", 3, "3 years"},
	{sam, "Lighting", "pendants", "Two enamel pendant lights",
		"Dome pendants, 30 cm across, with 1.5 m of cord. Ceiling roses included.",
		excellent, "Market Square", "130", "55", 1, "8 months"},
	{tess, "Lighting", "desklamp", "Adjustable desk lamp",
		"Spring-balanced arm that stays where you put it. The paint has rubbed off the base in places.",
		fair, "Station Road", "60", "15", 7, "7 years"},

	// Kitchen
	{sam, "Kitchen", "mixer red", "Stand mixer",
		"Five-litre bowl with whisk, hook and paddle. Works perfectly; a few scuffs on the base.",
		good, "Riverside", "299", "110", 4, "4 years"},
	{tess, "Kitchen", "toaster cream", "Four-slice toaster",
		"Wide slots that take bagels, with defrost and reheat settings. Crumb tray cleaned.",
		good, "Hillside", "59.99", "18", 3, "3 years"},
	{sam, "Kitchen", "cookware", "Enamelled cookware set",
		"Two cast-iron pots with lids and a saucepan. Some staining inside the enamel, which is normal with use.",
		good, "Old Town", "320", "95", 6, "6 years"},
	{tess, "Kitchen", "kettle steel", "Electric kettle, 1.7 litres",
		"Quick-boil kettle with a water window. Descaled last week.",
		good, "Orchard Park", "45", "12.50", 2, "2 years"},
	{sam, "Kitchen", "units white", "Kitchen base units with sink",
		"Base units, worktop, stainless sink and tap, taken out in a renovation. The worktop has knife marks.",
		fair, "Market Square", "1200", "250", 9, "9 years"},

	// Décor
	{tess, "Décor", "roundmirror", "Round wall mirror",
		"90 cm mirror in a slim frame, hung on a single hook. No marks on the glass.",
		excellent, "Hillside", "150.50", "55.50", 5, "5 years"},
	{tess, "Décor", "plant", "Tall fiddle-leaf fig in its pot",
		"About 1.2 m tall and healthy. We can't take it with us, so it needs a bright new home.",
		excellent, "Orchard Park", "85", "30", 3, "3 years"},
	{sam, "Décor", "vases", "Set of stoneware vases",
		"Hand-thrown vases in different heights and glazes. One has a tiny chip on the rim.",
		good, "Market Square", "75", "28", 2, "2 years"},
	{tess, "Décor", "art", "Framed abstract print",
		"70 x 50 cm print in a wooden frame, glass intact. Hangs from a wire at the back.",
		excellent, "Hillside", "110", "40", 2, "2 years"},
	{sam, "Décor", "clock", "Silent wall clock",
		"40 cm across with a sweep movement, so no ticking. Runs on one AA battery.",
		excellent, "Riverside", "49", "20", 1, "1 year"},

	// Appliances
	{tess, "Appliances", "fridge white", "Fridge-freezer, 300 litres",
		"Frost-free, freezer at the bottom. Cold and quiet; one door shelf is cracked but holds.",
		good, "Station Road", "549", "180", 5, "5 years"},
	{sam, "Appliances", "washer white", "Front-loading washing machine",
		"8 kg, 1400 rpm. Door seal replaced last year. Disconnected, drained and ready to collect.",
		good, "Riverside", "429", "140", 6, "6 years"},
	{tess, "Appliances", "retrofridge mint", "Retro-style fridge",
		"Pastel fridge with a small ice box and chrome handles. A couple of tiny dents on the side.",
		good, "Hillside", "699", "260", 3, "3 years"},
	{sam, "Appliances", "microwave steel", "Microwave with grill",
		"25 litres, 900 W, with grill and turntable. Spotless inside.",
		excellent, "Market Square", "139", "45", 2, "2 years"},
	{tess, "Appliances", "cooker white", "Freestanding electric cooker",
		"60 cm with a four-zone hob and fan oven. Light scratches on the hob; the oven has been cleaned.",
		fair, "Orchard Park", "480", "120", 8, "8 years"},

	// Outdoor
	{sam, "Outdoor", "bench teak", "Teak garden bench",
		"Three-seater, weathered to a silvery brown. Oiled every spring; solid, with no rot.",
		good, "Riverside", "380", "130", 8, "8 years, outdoors"},
	{tess, "Outdoor", "parasol", "Garden parasol, 2.7 m",
		"Crank-open parasol that tilts. The canopy has faded a little on top. Base not included.",
		fair, "Hillside", "129", "35", 4, "4 summers"},
	{sam, "Outdoor", "bbq black", "Kettle barbecue, 57 cm",
		"Charcoal grill with a lid thermometer and ash catcher. Grate cleaned; some surface rust on the legs.",
		good, "Market Square", "229", "85.50", 5, "5 summers"},
	{tess, "Outdoor", "bistro green", "Folding bistro set",
		"Metal table and two chairs that fold flat, perfect for a balcony. Paint chipped on one chair.",
		good, "Station Road", "149", "55", 3, "3 summers"},
	{sam, "Outdoor", "bench darkwood", "Two-seater garden bench",
		"Heavy frame with new slats fitted last year. Stays out all winter under a cover.",
		good, "Old Town", "260", "95", 11, "11 years"},

	// Kids
	{tess, "Kids", "bunk painted", "Child's bunk bed",
		"White pine bunk bed with ladder and safety rail. Mattresses not included.",
		good, "Hillside", "310", "95", 6, "6 years"},
	{sam, "Kids", "crib beech", "Cot that becomes a toddler bed",
		"Beech cot with three base heights; the sides come off later. Teething marks on one rail.",
		good, "Riverside", "250", "70", 5, "2 years"},
	{tess, "Kids", "highchair painted", "Wooden high chair",
		"Grows with the child, from six months to a chair for a ten-year-old. Tray included.",
		excellent, "Orchard Park", "199", "90", 3, "2 years"},
	{sam, "Kids", "toybox pink", "Toy chest",
		"Painted toy chest, 80 cm wide, with a soft-close lid that won't trap fingers. Teddy not included!",
		good, "Market Square", "89", "30", 4, "4 years"},
	{tess, "Kids", "singlebed sagepaint", "Toddler bed",
		"Low bed for a first big-kid bed, 70 x 140 cm. A few stickers left on the headboard.",
		good, "Station Road", "159", "40", 4, "3 years"},

	// Storage
	{sam, "Storage", "bookcase oak", "Tall oak bookcase",
		"Adjustable shelves, 190 cm tall. Books not included, sadly.",
		good, "Old Town", "340", "120", 7, "7 years"},
	{tess, "Storage", "drawers", "Chest of drawers",
		"Deep drawers that run smoothly. One knob is a replacement and doesn't quite match.",
		good, "Hillside", "260", "85", 6, "6 years"},
	{sam, "Storage", "cubes", "Cube shelf with baskets",
		"Cube storage with fabric baskets, easy to take apart for the car.",
		excellent, "Riverside", "120", "50", 2, "2 years"},
	{tess, "Storage", "sideboard walnut", "Walnut-effect sideboard",
		"150 cm long with adjustable shelves behind the doors. A scratch on the top, mostly hidden by a lamp.",
		good, "Orchard Park", "480", "175", 5, "5 years"},
	{sam, "Storage", "bookcase sagepaint", "Painted bookcase",
		"Bookcase painted sage green. The paint is chipped along the edges, for a shabby-chic look.",
		fair, "Market Square", "150", "35.50", 10, "10 years"},
}

// adverts are listings their sellers put on the home page.
// moreViews are how many more photos, drawn from other angles, some
// listings have beside their cover: the product page's gallery.
var moreViews = map[string]int{
	"Three-seater linen sofa": 2, "Velvet armchair": 2, "Oak double bed frame": 1, "Oak coffee table with shelf": 2,
	"Two-door pine wardrobe": 1, "Retro-style fridge": 1,
}

// measures are the width, depth and height in centimetres that some sellers
// give; 0 is a measure not given.
var measures = map[string][3]float64{
	"Three-seater linen sofa": {214, 92, 84}, "Velvet armchair": {78, 82, 86}, "Leather loveseat": {152, 88, 80},
	"Oak double bed frame": {146, 205, 95}, "Oak coffee table with shelf": {110, 60, 45},
	"Two-door pine wardrobe": {98, 58, 181}, "Triple wardrobe in oak veneer": {150, 60, 200}, "Retro-style fridge": {60, 66, 153},
	"Teak garden bench": {150, 0, 90},
}

var adverts = []string{
	"Three-seater linen sofa", "Upholstered king-size bed", "Stand mixer", "Retro-style fridge", "Teak garden bench",
}

// bookings are the buyers' reservations, in the order they were made. One
// handed over (its seller took the buyer's code) is paid, which sells the
// product and cancels the other bookings for it; then each side reviews
// the other, so both reviews show.
var bookings = []struct {
	buyer         int
	product, meet string
	handedOver    *demoReviews
}{
	{ben, "Velvet armchair", "Old Town, outside the library", nil},
	{bea, "Velvet armchair", "Old Town, by the clock tower", &demoReviews{
		buyer:  app.ReviewInput{Rating: 5, Text: "Exactly as described, and Sam helped me carry it to the car."},
		seller: app.ReviewInput{Rating: 5, Text: "On time and friendly. Welcome back any time!"},
	}},
	{bea, "Oak coffee table with shelf", "Hillside, at the seller's house", nil},
	{ben, "Ergonomic office chair", "Station Road, outside the bakery", nil},
	{ben, "Kettle barbecue, 57 cm", "Market Square, by the fountain", nil},
	{ben, "Brass floor lamp", "Hillside, at the seller's house", &demoReviews{
		buyer:  app.ReviewInput{Rating: 4, Text: "Lovely lamp. One bulb was missing, but Tess dropped a spare round the next day."},
		seller: app.ReviewInput{Rating: 4},
	}},
}

// demoReviews are each side's review of the other after a handover.
type demoReviews struct{ buyer, seller app.ReviewInput }

// noShow is a booking whose pickup time passed without the buyer: its
// seller says so, and the buyer's profile counts it.
var noShow = struct {
	product string
	ask     string // the seller's message, to which the pickup time was agreed
}{"Ergonomic office chair", "Tuesday at six, then? I'll have it by the door."}

// conversations are buyers talking with sellers, each line in turn;
// pickupInDays proposes a pickup time that many days after the demo is
// made, at 10:00 UTC, and accepted has the buyer accept it.
var conversations = []struct {
	buyer   int
	product string
	lines   []demoMessage
}{
	{ben, "Kettle barbecue, 57 cm", []demoMessage{
		{text: "Hi! Does it come with the cover and the ash pan?"},
		{seller: true, text: "Both, yes. The cover is a bit faded but has no holes."},
		{seller: true, text: "Would Saturday morning suit you?", pickupInDays: 3, accepted: true},
		{text: "Perfect, see you then. I'll bring a friend to help carry it."},
	}},
	{bea, "Stand mixer", []demoMessage{
		{text: "Hello, is the dough hook included? And does the bowl have any scratches?"},
	}},
}

type demoMessage struct {
	seller       bool // sent by the seller, else the buyer
	text         string
	pickupInDays int
	accepted     bool
}

// report is one buyer's flag for the admins to review.
var report = struct {
	buyer           int
	product, reason string
}{ben, "Freestanding electric cooker",
	"Listed as working, but on the phone the seller said the oven no longer heats up. The description should say so."}
