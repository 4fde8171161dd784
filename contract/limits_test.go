package contract_test

import (
	"encoding/json"
	"testing"

	"rehome/app"
	"rehome/contract"
)

// TestLimitsAreTheDomains: the limits and enums the document publishes,
// which clients build their forms from, are the ones the domain enforces.
func TestLimitsAreTheDomains(t *testing.T) {
	var doc any
	if err := json.Unmarshal(contract.JSON(), &doc); err != nil {
		t.Fatal(err)
	}
	enum := func(values ...any) []any { return values }
	tests := []struct {
		at   string
		want any
	}{
		{"#/components/schemas/Product/properties/images/maxItems", app.MaxImages},
		{"#/components/schemas/ProductInput/properties/images/maxItems", app.MaxImages},
		{"#/components/schemas/Password/minLength", app.MinPasswordLength},
		{"#/components/schemas/Password/maxLength", app.MaxPasswordBytes},
		{"#/components/schemas/User/properties/name/maxLength", app.MaxNameRunes},
		{"#/components/schemas/ChatMessage/properties/text/maxLength", app.MaxMessageRunes},
		{"#/components/schemas/MessageInput/properties/text/maxLength", app.MaxMessageRunes},
		{"#/components/schemas/Post/properties/title/maxLength", app.MaxPostTitleRunes},
		{"#/components/schemas/Post/properties/body/maxLength", app.MaxPostBodyRunes},
		{"#/components/schemas/Site/properties/name/maxLength", app.MaxSiteNameRunes},
		{"#/components/schemas/Site/properties/tagline/maxLength", app.MaxSiteTaglineRunes},
		{"#/components/schemas/Site/properties/about/maxLength", app.MaxSiteTextRunes},
		{"#/components/schemas/Product/properties/resale_price/maximum", int(app.MaxCents / 100)},
		{"#/components/schemas/ImageFile/x-max-bytes", app.MaxImageBytes},
		{"#/components/schemas/ImageFile/x-max-pixels", app.MaxImagePixels},
		{"#/components/parameters/limit/schema/maximum", app.MaxPageLimit},
		{"#/components/parameters/limit/schema/default", app.DefaultPageLimit},
		{"#/paths/~1api~1conversations~1{id}~1messages/get/parameters/1/schema/maximum", app.MaxMessageLimit},
		{"#/paths/~1api~1conversations~1{id}~1messages/get/parameters/1/schema/default", app.DefaultMessageLimit},
		{"#/components/schemas/Role/enum", enum(app.RoleBuyer, app.RoleSeller, app.RoleAdmin)},
		{"#/components/schemas/Condition/enum", enum(app.ConditionExcellent, app.ConditionGood, app.ConditionFair)},
		{"#/components/schemas/ProductStatus/enum", enum(app.StatusAvailable, app.StatusReserved, app.StatusSold)},
		{"#/components/schemas/BookingStatus/enum", enum(app.BookingBooked, app.BookingPaid, app.BookingCancelled, app.BookingDeclined)},
		// reset and superseded are the stream's own (live/frame.go).
		{"#/components/schemas/EventName/enum", enum(app.EventMessage, app.EventBooking, app.EventUnread, "reset", "superseded")},
		{"#/components/schemas/PushKind/enum", enum(app.PushMessage, app.PushReply, app.PushBooking, app.PushDeclined, app.PushPayment,
			app.PushReminder)},
		{"#/components/schemas/ReviewInput/properties/text/maxLength", app.ReviewTextMax},
		{"#/components/schemas/Review/properties/text/maxLength", app.ReviewTextMax},
		{"#/components/schemas/SuspendInput/properties/days/maximum", app.MaxSuspensionDays},
		{"#/components/schemas/Booking/properties/no_show/enum", enum("", app.NoShowBuyer, app.NoShowSeller)},
		{"#/components/schemas/Language/enum", enum(app.English, app.German, app.French)},
		{"#/components/schemas/User/properties/language/enum", enum("", app.English, app.German, app.French)},
		{"#/components/schemas/ProfileChanges/properties/language/enum", enum("", app.English, app.German, app.French)},
	}
	for _, tt := range tests {
		t.Run(tt.at, func(t *testing.T) {
			got, err := pointer(doc, tt.at)
			if err != nil {
				t.Fatal(err)
			}
			// Compared as JSON: the document's numbers are float64 here,
			// the domain's enums typed strings.
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(tt.want)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("the document says %s, the domain %s", gotJSON, wantJSON)
			}
		})
	}
	if len(app.PushKinds) != 6 {
		t.Errorf("app.PushKinds has %d kinds; the table above names 6", len(app.PushKinds))
	}
}
